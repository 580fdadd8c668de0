import { Drawer, type DrawerProps } from 'antd';
import type { ReactElement } from 'react';
import { useIsMobile } from './useIsMobile';

type ResponsiveDrawerProps = Omit<DrawerProps, 'size' | 'width'> & {
  /** Its width on wider screens; on phones it takes the whole width. */
  width: number;
};

/** A drawer as wide as asked, the whole screen on phones; its content is dropped when it closes. */
export function ResponsiveDrawer({ width, ...props }: ResponsiveDrawerProps): ReactElement {
  const mobile = useIsMobile();
  return <Drawer destroyOnHidden {...props} size={mobile ? '100%' : width} />;
}
