import { Empty, theme } from 'antd';
import type { CSSProperties, Key, ReactNode } from 'react';

interface ItemListProps<Item> {
  items: readonly Item[];
  renderItem: (item: Item, index: number) => ReactNode;
  /** What tells the items apart; their place in the list unless given. */
  itemKey?: (item: Item, index: number) => Key;
  /** Each item's accessible name, when its text alone does not say which it is. */
  itemLabel?: (item: Item) => string;
  /** Styles over each item's own, e.g. to draw it as a card. */
  itemStyle?: CSSProperties;
  /** A line between the items; on unless turned off. */
  split?: boolean;
  /** A frame around the list, its items inset from it. */
  bordered?: boolean;
  /** Tighter items, inset on both sides. */
  size?: 'small' | 'default';
  /** What the list says when it has no items; antd's "No data" unless given. */
  emptyText?: ReactNode;
  'aria-label'?: string;
}

/** A short list drawn with the theme's lines and spacing, or an empty state when it has none. */
export function ItemList<Item>({
  items,
  renderItem,
  itemKey = (_item, index) => index,
  itemLabel,
  itemStyle,
  split = true,
  bordered = false,
  size = 'default',
  emptyText,
  'aria-label': label,
}: ItemListProps<Item>) {
  const { token } = theme.useToken();
  if (items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  }
  const padding =
    size === 'small'
      ? `${token.paddingContentVerticalSM}px ${token.paddingContentHorizontal}px`
      : `${token.paddingContentVertical}px ${bordered ? token.paddingLG : 0}px`;
  const line = `${token.lineWidth}px ${token.lineType}`;
  // The role is spelled out: some screen readers drop a list's role once its bullets are gone.
  // The class is for the end-to-end specs, which find the lists by it.
  return (
    <ul
      className="ferry-item-list"
      role="list"
      aria-label={label}
      style={{
        margin: 0,
        padding: 0,
        listStyle: 'none',
        color: token.colorText,
        ...(bordered
          ? { border: `${line} ${token.colorBorder}`, borderRadius: token.borderRadiusLG }
          : {}),
      }}
    >
      {items.map((item, index) => (
        <li
          key={itemKey(item, index)}
          aria-label={itemLabel?.(item)}
          style={{
            padding,
            borderBottom:
              split && index < items.length - 1 ? `${line} ${token.colorSplit}` : undefined,
            ...itemStyle,
          }}
        >
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}
