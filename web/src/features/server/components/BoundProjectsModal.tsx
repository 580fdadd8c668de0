import { DisconnectOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { EnvironmentTag } from '../../../ui/EnvironmentTag';
import { ErrorState } from '../../../ui/ErrorState';
import { errorText } from '../../../api/errorText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { RowActions } from '../../../ui/RowActions';
import { TableEmpty } from '../../../ui/TableEmpty';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useBoundProjects } from '../hooks/useBoundProjects';
import { useUnbindProject } from '../hooks/useUnbindProject';
import type { BoundProject } from '../utils/BoundProject';
import type { ServerRow } from '../utils/ServerRow';

interface BoundProjectsModalProps {
  open: boolean;
  server?: ServerRow;
  onClose: () => void;
}

/** The projects that deploy to a server; with UnbindServerProject, each can be unbound. */
export function BoundProjectsModal({ open, server, onClose }: BoundProjectsModalProps) {
  const { t } = useTranslation('server');
  const serverId = server?.id ?? 0;
  const projects = useBoundProjects(serverId, open);
  const unbind = useUnbindProject(serverId);
  const mayUnbind = usePermission([Perm.UnbindServerProject]);
  const confirm = useConfirmAction();
  const serverName = server?.name ?? '';

  const actions = useActionsColumn<BoundProject>((row) => (
    <RowActions
      subject={row.project.name}
      links={[
        {
          key: 'unbind',
          icon: <DisconnectOutlined />,
          label: t('projects.unbind'),
          danger: true,
          onClick: () =>
            confirm({
              title: t('projects.confirmTitle', { project: row.project.name }),
              content: t('projects.confirmContent', {
                project: row.project.name,
                server: serverName,
              }),
              okText: t('projects.unbind'),
              run: () => unbind.mutateAsync(row.id),
              done: t('projects.done', { project: row.project.name, server: serverName }),
            }),
        },
      ]}
    />
  ));
  const columns: TableColumnsType<BoundProject> = [
    { key: 'name', title: t('projects.name'), render: (_, row) => row.project.name },
    { key: 'branch', title: t('projects.branch'), render: (_, row) => row.project.branch },
    {
      key: 'environment',
      title: t('projects.environment'),
      render: (_, row) => <EnvironmentTag environment={row.project.environment} />,
    },
    { key: 'since', title: t('projects.since'), dataIndex: 'insertTime' },
  ];
  if (mayUnbind) columns.push(actions);

  return (
    <ResponsiveModal
      open={open}
      title={t('projects.title', { name: serverName })}
      onCancel={onClose}
      footer={null}
      width={760}
    >
      {projects.isError ? (
        <ErrorState
          title={t('projects.loadFailed')}
          detail={errorText(projects.error)}
          onRetry={() => void projects.refetch()}
        />
      ) : (
        <Table<BoundProject>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={projects.data ?? []}
          loading={projects.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <TableEmpty text={t('projects.empty', { name: serverName })} />,
          }}
        />
      )}
    </ResponsiveModal>
  );
}
