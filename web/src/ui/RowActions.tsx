import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from './RowAction';
import { useIsMobile } from './useIsMobile';

/** One thing a table row offers. */
export interface RowActionItem {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  /** Why the action is not available now; it then shows disabled and says why. */
  blocked?: string;
  onClick: () => void;
}

interface RowActionsProps {
  /** The one or two most used actions, shown as text links. */
  links: readonly RowActionItem[];
  /** The rest, in the More menu. */
  more?: readonly RowActionItem[];
  /** The row's name, for the More button's accessible name ("More actions for web-1"). */
  subject: string;
}

/** A menu entry for an action; a blocked one is disabled and says why on hover. */
function menuLabel({ label, blocked }: RowActionItem) {
  return blocked ? <Tooltip title={blocked}>{label}</Tooltip> : label;
}

/** The actions as menu entries, and what a click on one does. */
function menuOf(actions: readonly RowActionItem[]) {
  return {
    items: actions.map((a) => ({
      key: a.key,
      label: menuLabel(a),
      icon: a.icon,
      danger: a.danger,
      disabled: a.blocked !== undefined,
    })),
    onClick: ({ key }: { key: string }) => actions.find((a) => a.key === key)?.onClick(),
  };
}

/**
 * A table row's actions, the same in every table: the most used as text links, the rest in a
 * "More" menu named after the row, so the actions column stays narrow and lines up row by row;
 * on phones one `⋯` menu holds them all.
 */
export function RowActions({ links, more: rest = [], subject }: RowActionsProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  if (links.length === 0 && rest.length === 0) return null;
  if (mobile) {
    // On phones every action sits behind one `⋯` button, named after the row.
    return (
      <Dropdown trigger={['click']} menu={menuOf([...links, ...rest])}>
        <Button
          type="text"
          icon={<MoreOutlined />}
          aria-label={t('table.moreFor', { name: subject })}
        />
      </Dropdown>
    );
  }
  return (
    <Flex gap={4} align="center" wrap={false}>
      {links.map(({ key, ...action }) => (
        <RowAction key={key} {...action} />
      ))}
      {rest.length > 0 ? (
        <Dropdown trigger={['click']} menu={menuOf(rest)}>
          <Button
            type="link"
            size="small"
            aria-label={t('table.moreFor', { name: subject })}
            icon={<DownOutlined />}
            iconPlacement="end"
          >
            {t('table.more')}
          </Button>
        </Dropdown>
      ) : null}
    </Flex>
  );
}
