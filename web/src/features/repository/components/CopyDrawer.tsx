import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../ui/useIsMobile';

/** The frame of the working copy's drawers: full width on a phone; `onClosed` once it is gone. */
export function CopyDrawer(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onClosed: () => void;
  children: ReactNode;
}) {
  const mobile = useIsMobile();
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      size={mobile ? '100%' : 820}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) props.onClosed();
      }}
      title={props.title}
    >
      {props.children}
    </Drawer>
  );
}
