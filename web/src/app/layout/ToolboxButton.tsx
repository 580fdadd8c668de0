import { ToolOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyToolboxDialog as ToolboxDialog } from '../../features/toolbox';

/** The navbar's toolbox button and its dialog, preloaded when the pointer comes near. */
export function ToolboxButton(): ReactElement {
  const { t } = useTranslation('menu');
  const [open, setOpen] = useState(false);
  const label = t('toolbox');
  const preload = () => void ToolboxDialog.preload().catch(() => undefined);
  return (
    <>
      <Tooltip title={label}>
        <Button
          type="text"
          aria-label={label}
          icon={<ToolOutlined />}
          onClick={() => setOpen(true)}
          onMouseEnter={preload}
          onFocus={preload}
        />
      </Tooltip>
      <ToolboxDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
