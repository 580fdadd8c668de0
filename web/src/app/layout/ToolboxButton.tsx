import { ToolOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../ui/lazyDialog';
import { loadNamespaces } from '../i18n/loadNamespaces';

// The toolbox's code and texts are fetched on the first opening (or when the pointer comes near
// the button), never with the console itself.
const ToolboxDialog = lazyDialog(() =>
  Promise.all([
    import('../../features/toolbox/components/ToolboxDialog'),
    loadNamespaces('toolbox', 'toolboxText'),
  ]).then(([m]) => m.ToolboxDialog),
);

/** The navbar's toolbox button and its dialog. */
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
