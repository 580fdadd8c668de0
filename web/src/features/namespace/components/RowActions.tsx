import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';

export interface RowAction {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
}

interface RowActionsProps {
  actions: readonly RowAction[];
  /** What the row is, for the phone menu button's accessible name. */
  subject: string;
}

/** A table row's actions: link buttons on wide screens, one "⋯" menu on phones. */
export function RowActions({ actions, subject }: RowActionsProps) {
  const { t } = useTranslation('namespace');
  const mobile = useIsMobile();
  if (actions.length === 0) return null;
  if (mobile) {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: actions.map(({ key, label, icon, danger }) => ({ key, label, icon, danger })),
          onClick: ({ key }) => actions.find((a) => a.key === key)?.onClick(),
        }}
      >
        <Button
          type="text"
          icon={<MoreOutlined />}
          aria-label={`${t('common.more')}: ${subject}`}
          title={t('common.more')}
        />
      </Dropdown>
    );
  }
  return (
    <Flex gap={4} wrap={false}>
      {actions.map(({ key, label, icon, danger, onClick }) => (
        <Button key={key} type="link" size="small" icon={icon} danger={danger} onClick={onClick}>
          {label}
        </Button>
      ))}
    </Flex>
  );
}
