import { useNavigate, useRouterState } from '@tanstack/react-router';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerOption } from '../../../api/options/ServerOption';
import { validateSftpSearch } from '../utils/sftpSearch';

/**
 * Opens the server named by `?serverId=` (the server list links here) once the servers are
 * known, then drops it from the address so a reload or a later link opens no extra tab.
 */
export function useOpenFromAddress(
  servers: readonly ServerOption[] | undefined,
  open: (server: ServerOption) => void,
): void {
  const { t } = useTranslation('sftp');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const { serverId } = validateSftpSearch(search);
  // Effects run twice in development; the server opens once.
  const handled = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (serverId === undefined) {
      handled.current = undefined;
      return;
    }
    if (!servers || handled.current === serverId) return;
    handled.current = serverId;
    const server = servers.find((s) => s.id === serverId);
    if (server) open(server);
    else void message.warning(t('picker.unknown'));
    void navigate({ to: '/server/sftp', replace: true });
  }, [serverId, servers, open, message, navigate, t]);
}
