import { Code, NginxReason, nginxRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { nginxFilesKey, nginxKey } from './nginxKeys';

type Input<K extends keyof typeof nginxRoutes> = RouteInput<(typeof nginxRoutes)[K]>;

/**
 * The refusals a form or panel shows itself: nginx's test output, a file changed on the server,
 * a bad field. Everything else is told by the API layer.
 */
const OWN = [NginxReason.testFailed, NginxReason.fileChanged, Code.illegalParam];

/** A write to the configuration files: afterwards the list and the files are read again. */
function useFileWrite<K extends keyof typeof nginxRoutes>(serverId: number, key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<Input<K>, 'serverId'>) =>
      call(nginxRoutes[key], { ...input, serverId } as never, { silent: OWN }),
    onSuccess: () => client.invalidateQueries({ queryKey: nginxFilesKey(serverId) }),
  });
}

export const useAddConfig = (serverId: number) => useFileWrite(serverId, 'addNginxConfig');
export const useCopyConfig = (serverId: number) => useFileWrite(serverId, 'copyNginxConfig');
export const useEditConfig = (serverId: number) => useFileWrite(serverId, 'editNginxConfig');
export const useRenameConfig = (serverId: number) => useFileWrite(serverId, 'renameNginxConfig');
export const useDeleteConfig = (serverId: number) => useFileWrite(serverId, 'deleteNginxConfig');
export const useToggleConfig = (serverId: number) => useFileWrite(serverId, 'toggleNginxConfig');
export const useRestoreConfig = (serverId: number) => useFileWrite(serverId, 'restoreNginxConfig');

/** check, reload, start or stop; a failed test before reload or start comes back refused. */
export function useManageNginx(serverId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<Input<'manageNginx'>, 'serverId'>) =>
      call(nginxRoutes.manageNginx, { ...input, serverId }, { silent: OWN, timeoutMs: 120_000 }),
    onSuccess: (_, input) => {
      if (input.command === 'start' || input.command === 'stop') {
        void client.invalidateQueries({ queryKey: [...nginxKey(serverId), 'path'] });
      }
    },
  });
}

/** Stores a typed binary for a server where no running nginx was found. */
export function useSetNginxPath(serverId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<Input<'setNginxPath'>, 'serverId'>) =>
      call(nginxRoutes.setNginxPath, { ...input, serverId }, { silent: [Code.illegalParam] }),
    onSuccess: () => client.invalidateQueries({ queryKey: nginxKey(serverId) }),
  });
}
