import {
  CheckCircleOutlined,
  CrownOutlined,
  EditOutlined,
  LogoutOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { ClippedText } from '../../../ui/ClippedText';
import { Dash } from '../../../ui/Dash';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import { whyNotDisable, whyNotEdit, type Actor } from '../utils/memberBlocks';
import type { MemberRow } from '../utils/MemberRow';
import type { MemberState } from '../utils/MemberState';

interface MemberTableProps {
  members: readonly MemberRow[];
  loading: boolean;
  /** The search text, to explain an empty result. */
  query: string;
  /** The state filter, to explain an empty list. */
  state: MemberState;
  actor: Actor;
  page: PageState;
  onPageChange: (page: PageState) => void;
  onEdit: (member: MemberRow) => void;
  onDisable: (member: MemberRow) => void;
  onEnable: (member: MemberRow) => void;
  onEndSessions: (member: MemberRow) => void;
}

/**
 * The members, paged in the browser; edit and disable for those allowed to, enable for a
 * disabled member and "sign out everywhere" for an enabled one (the same permission as editing).
 */
export function MemberTable({
  members,
  loading,
  query,
  state,
  actor,
  page,
  onPageChange,
  onEdit,
  onDisable,
  onEnable,
  onEndSessions,
}: MemberTableProps) {
  const { t } = useTranslation('member');
  const mayEdit = usePermission([Perm.EditMember]);
  const mayDisable = usePermission([Perm.DeleteMember]);
  const pagination = useBrowserPagination(page, onPageChange, (total) => t('total', { total }));
  const actions = useActionsColumn<MemberRow>((member) => {
    const editBlock = whyNotEdit(member, actor);
    const disableBlock = whyNotDisable(member, actor);
    const links: RowActionItem[] = [];
    if (member.state !== 1) {
      if (mayEdit) {
        links.push({
          key: 'enable',
          icon: <CheckCircleOutlined />,
          label: t('action.enable'),
          blocked: editBlock ? t(`blocked.${editBlock}`) : undefined,
          onClick: () => onEnable(member),
        });
      }
      return <RowActions links={links} subject={member.account} />;
    }
    if (mayEdit) {
      links.push({
        key: 'edit',
        icon: <EditOutlined />,
        label: t('action.edit'),
        blocked: editBlock ? t(`blocked.${editBlock}`) : undefined,
        onClick: () => onEdit(member),
      });
    }
    if (mayDisable) {
      links.push({
        key: 'disable',
        icon: <StopOutlined />,
        label: t('action.disable'),
        danger: true,
        blocked: disableBlock ? t(`blocked.${disableBlock}`) : undefined,
        onClick: () => onDisable(member),
      });
    }
    const more: RowActionItem[] = mayEdit
      ? [
          {
            key: 'endSessions',
            icon: <LogoutOutlined />,
            label: t('action.endSessions'),
            blocked: editBlock ? t(`blocked.${editBlock}`) : undefined,
            onClick: () => onEndSessions(member),
          },
        ]
      : [];
    return <RowActions links={links} more={more} subject={member.account} />;
  });

  const columns: TableColumnsType<MemberRow> = [
    { key: 'account', title: t('column.account'), dataIndex: 'account' },
    { key: 'name', title: t('column.name'), dataIndex: 'name' },
    {
      key: 'contact',
      title: t('column.contact'),
      dataIndex: 'contact',
      responsive: ['xl'],
      render: (contact: string) => <ClippedText text={contact} width={200} />,
    },
    {
      key: 'superManager',
      title: t('column.superManager'),
      dataIndex: 'superManager',
      render: (flag: number) =>
        flag === 1 ? (
          <Tag icon={<CrownOutlined />} color="gold" variant="filled">
            {t('tag.superManager')}
          </Tag>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'state',
      title: t('column.state'),
      dataIndex: 'state',
      render: (state: number) =>
        state === 1 ? (
          <Tag color="success">{t('tag.enabled')}</Tag>
        ) : (
          <Tag>{t('tag.disabled')}</Tag>
        ),
    },
    {
      key: 'lastLogin',
      title: t('column.lastLogin'),
      dataIndex: 'lastLoginTime',
      sorter: (a, b) => a.lastLoginTime.localeCompare(b.lastLoginTime),
      render: (time: string) =>
        time || <Typography.Text type="secondary">{t('never')}</Typography.Text>,
    },
    {
      key: 'insertTime',
      title: t('column.insertTime'),
      dataIndex: 'insertTime',
      responsive: ['xxl'],
      sorter: (a, b) => a.insertTime.localeCompare(b.insertTime),
    },
  ];

  if (mayEdit || mayDisable) columns.push(actions);

  return (
    <PagedTable<MemberRow>
      columns={columns}
      rows={members}
      loading={loading}
      emptyText={
        query.trim()
          ? t('empty.noMatch', { query: query.trim() })
          : t(state === 'disabled' ? 'empty.noDisabled' : 'empty.none')
      }
      pagination={pagination}
      cardKeys={['account', 'name', 'state', 'lastLogin']}
    />
  );
}
