import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useState } from 'react';
import { Can } from '../../../auth/Can';
import { ProjectDrawer } from './lazyDialogs';

/**
 * "Add project" with its drawer, for pages of other features (an empty deploy page), labelled in
 * that page's words so the page need not load the project texts. Shown only to those who may add
 * a project; `onClosed` follows the drawer's closing, saved or not.
 */
export function AddProjectButton({ label, onClosed }: { label: string; onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Can anyOf={[Perm.AddProject]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {label}
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
