import { Drawer } from 'antd';
import type { ReactElement } from 'react';
import { SideNav } from './SideNav';

interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  width: number;
}

/** The sidebar below 992px: a drawer from the left that closes once a page is picked. */
export function SideDrawer({ open, onClose, width }: SideDrawerProps): ReactElement {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={width}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
