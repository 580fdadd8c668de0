import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { ProjectDrawer } from './lazyDialogs';

/**
 * "Add project" with its drawer, for pages of other features (an empty deploy page). Shown only
 * to those who may add a project; `onClosed` follows the drawer's closing, saved or not.
 */
export function AddProjectButton({ onClosed }: { onClosed?: () => void }) {
  const { t } = useTranslation('project');
  const [open, setOpen] = useState(false);
  return (
    <Can anyOf={[Perm.AddProject]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('action.add')}
      </Button>
      <ProjectDrawer
        open={open}
        mode="add"
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
      />
    </Can>
  );
}
