import { Dropdown, type MenuProps } from 'antd';

export interface ContextMenuState {
  x: number;
  y: number;
  items: NonNullable<MenuProps['items']>;
  onPick: (key: string) => void;
}

/**
 * A menu at a point of the page (where the right click was, or under a row's ⋯ button). It
 * closes on a pick, a click elsewhere or Escape.
 */
export function ContextMenu({
  menu,
  onClose,
}: {
  menu: ContextMenuState | undefined;
  onClose: () => void;
}) {
  return (
    <Dropdown
      open={menu !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      trigger={['click']}
      destroyOnHidden
      autoFocus
      menu={{
        items: menu?.items ?? [],
        onClick: ({ key }) => {
          onClose();
          menu?.onPick(key);
        },
      }}
    >
      <span
        aria-hidden
        style={{
          position: 'fixed',
          left: menu?.x ?? 0,
          top: menu?.y ?? 0,
          width: 1,
          height: 1,
          pointerEvents: 'none',
        }}
      />
    </Dropdown>
  );
}
