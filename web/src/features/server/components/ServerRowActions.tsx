import {
  ApiOutlined,
  CodeOutlined,
  CopyOutlined,
  EditOutlined,
  FolderOpenOutlined,
  KeyOutlined,
  LineChartOutlined,
  ProjectOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import type { ServerRow } from '../utils/ServerRow';

/** What a row's buttons do; the table shows only those the user may use. */
export interface RowHandlers {
  onEdit: (server: ServerRow) => void;
  onCopy: (server: ServerRow) => void;
  onCheck: (server: ServerRow) => void;
  onInstallKey: (server: ServerRow) => void;
  onProjects: (server: ServerRow) => void;
}

/**
 * Open a terminal (ShowTerminalPage; a disabled server says why not) and edit (EditServer) as
 * links; under More, its metrics (ShowServerMonitorPage), its files (ShowSftpFilePage, the same way), copy into a new server
 * (AddServer), test the connection and install the console key (either). A server already on the
 * console key needs no install. The projects that deploy to the server, for anyone who sees the
 * page.
 */
export function ServerRowActions({ server, ...on }: RowHandlers & { server: ServerRow }) {
  const { t } = useTranslation('server');
  const mayAdd = usePermission([Perm.AddServer]);
  const mayEdit = usePermission([Perm.EditServer]);
  const mayOpenTerminal = usePermission([Perm.ShowTerminalPage]);
  const mayOpenFiles = usePermission([Perm.ShowSftpFilePage]);
  const mayOpenMetrics = usePermission([Perm.ShowServerMonitorPage]);
  const navigate = useNavigate();
  const links: RowActionItem[] = [];
  const more: RowActionItem[] = [];
  if (mayOpenTerminal) {
    links.push({
      key: 'terminal',
      icon: <CodeOutlined />,
      label: t('action.terminal'),
      blocked: server.state === 1 ? undefined : t('action.terminalDisabled'),
      onClick: () => void navigate({ to: '/server/terminal', search: { serverId: server.id } }),
    });
  }
  if (mayEdit) {
    links.push({
      key: 'edit',
      icon: <EditOutlined />,
      label: t('action.edit'),
      onClick: () => on.onEdit(server),
    });
  }
  if (mayOpenMetrics) {
    more.push({
      key: 'metrics',
      icon: <LineChartOutlined />,
      label: t('action.metrics'),
      onClick: () => void navigate({ to: '/server/agent', search: { serverId: server.id } }),
    });
  }
  if (mayOpenFiles) {
    more.push({
      key: 'files',
      icon: <FolderOpenOutlined />,
      label: t('action.files'),
      blocked: server.state === 1 ? undefined : t('action.filesDisabled'),
      onClick: () => void navigate({ to: '/server/sftp', search: { serverId: server.id } }),
    });
  }
  if (mayAdd) {
    more.push({
      key: 'copy',
      icon: <CopyOutlined />,
      label: t('action.copy'),
      onClick: () => on.onCopy(server),
    });
  }
  if (mayAdd || mayEdit) {
    more.push({
      key: 'check',
      icon: <ApiOutlined />,
      label: t('action.check'),
      onClick: () => on.onCheck(server),
    });
  }
  if ((mayAdd || mayEdit) && server.authType !== 'consoleKey') {
    more.push({
      key: 'installKey',
      icon: <KeyOutlined />,
      label: t('action.installKey'),
      onClick: () => on.onInstallKey(server),
    });
  }
  more.push({
    key: 'projects',
    icon: <ProjectOutlined />,
    label: t('action.projects'),
    onClick: () => on.onProjects(server),
  });
  return <RowActions links={links} more={more} subject={server.name} />;
}
