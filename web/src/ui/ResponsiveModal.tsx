import { Modal } from 'antd';
import type { ModalProps } from 'antd';
import type { ReactElement } from 'react';
import { useIsMobile } from './useIsMobile';

/**
 * An antd Modal that fills the screen below 992px (product.md §2: dialogs are full-screen in
 * mobile mode). Use it for every dialog with a form or a table; `modal.confirm` stays as it is.
 */
export function ResponsiveModal(props: ModalProps): ReactElement {
  const mobile = useIsMobile();
  if (!mobile) return <Modal destroyOnHidden {...props} />;
  return (
    <Modal
      destroyOnHidden
      {...props}
      width="100%"
      centered={false}
      style={{ ...props.style, top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{
        ...(typeof props.styles === 'object' ? props.styles : {}),
        container: {
          minHeight: '100dvh',
          borderRadius: 0,
          display: 'flex',
          flexDirection: 'column',
        },
        body: { flex: 1, overflow: 'auto' },
      }}
    />
  );
}
