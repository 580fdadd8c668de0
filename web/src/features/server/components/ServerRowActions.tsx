import {
  ApiOutlined,
  CodeOutlined,
  CopyOutlined,
  EditOutlined,
  KeyOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useNavigate } from '@tanstack/react-router';
import { Flex, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { ServerRow } from '../utils/ServerRow';
import { RowAction } from '../../../ui/RowAction';

/** What a row's buttons do; the table shows only those the user may use. */
export interface RowHandlers {
  onEdit: (server: ServerRow) => void;
  onCopy: (server: ServerRow) => void;
  onCheck: (server: ServerRow) => void;
  onInstallKey: (server: ServerRow) => void;
}

/**
 * Open a terminal on an enabled server (ShowTerminalPage), edit (EditServer), copy into a new
 * server (AddServer), test the connection and install the console key (either). A server already
 * on the console key needs no install.
 */
export function ServerRowActions({ server, ...on }: RowHandlers & { server: ServerRow }) {
  const { t } = useTranslation('server');
  const mayAdd = usePermission([Perm.AddServer]);
  const mayEdit = usePermission([Perm.EditServer]);
  const mayOpenTerminal = usePermission([Perm.ShowTerminalPage]);
  const navigate = useNavigate();
  // Below 1600px only icons, so the fixed actions column leaves room for the server's columns.
  const compact = !Grid.useBreakpoint().xxl;
  return (
    <Flex gap={4} wrap={false}>
      {mayOpenTerminal && server.state === 1 ? (
        <RowAction
          compact={compact}
          icon={<CodeOutlined />}
          label={t('action.terminal')}
          onClick={() => void navigate({ to: '/server/terminal', search: { serverId: server.id } })}
        />
      ) : null}
      {mayEdit ? (
        <RowAction
          compact={compact}
          icon={<EditOutlined />}
          label={t('action.edit')}
          onClick={() => on.onEdit(server)}
        />
      ) : null}
      {mayAdd ? (
        <RowAction
          compact={compact}
          icon={<CopyOutlined />}
          label={t('action.copy')}
          onClick={() => on.onCopy(server)}
        />
      ) : null}
      {mayAdd || mayEdit ? (
        <RowAction
          compact={compact}
          icon={<ApiOutlined />}
          label={t('action.check')}
          onClick={() => on.onCheck(server)}
        />
      ) : null}
      {(mayAdd || mayEdit) && server.authType !== 'consoleKey' ? (
        <RowAction
          compact={compact}
          icon={<KeyOutlined />}
          label={t('action.installKey')}
          onClick={() => on.onInstallKey(server)}
        />
      ) : null}
    </Flex>
  );
}
