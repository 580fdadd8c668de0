import { nginxRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { nginxFilesKey, nginxKey } from './nginxKeys';

/** The detected (or typed) binary, its prefix and main file, and whether systemd runs nginx. */
export function useNginxPath(serverId: number) {
  return useQuery({
    queryKey: [...nginxKey(serverId), 'path'] as const,
    queryFn: ({ signal }) =>
      call(nginxRoutes.getNginxPath, { serverId }, { signal, silent: 'toast' }),
    staleTime: 30_000,
  });
}

/** The configuration files the binary's main file includes, and the directories they live in. */
export function useConfigList(serverId: number, binary: string, enabled: boolean) {
  return useQuery({
    queryKey: [...nginxFilesKey(serverId), 'list', binary] as const,
    queryFn: ({ signal }) =>
      call(nginxRoutes.getNginxConfigList, { serverId, dir: binary }, { signal, silent: 'toast' }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * One file's text and hash, read once per opening (the draft lives in the editor); not asked for
 * when `enabled` is false (a link out, which the server refuses).
 */
export function useConfigContent(serverId: number, dir: string, filename: string, enabled = true) {
  return useQuery({
    queryKey: [...nginxFilesKey(serverId), 'content', dir, filename] as const,
    queryFn: ({ signal }) =>
      call(
        nginxRoutes.getNginxConfigContent,
        { serverId, dir, filename },
        { signal, silent: 'toast' },
      ),
    enabled: enabled && filename !== '',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The stored versions of a file, newest first. */
export function useConfigHistory(serverId: number, dir: string, filename: string, open: boolean) {
  return useQuery({
    queryKey: [...nginxFilesKey(serverId), 'history', dir, filename] as const,
    queryFn: ({ signal }) =>
      call(
        nginxRoutes.getNginxConfigHistory,
        { serverId, dir, filename },
        { signal, silent: 'toast' },
      ),
    enabled: open,
  });
}

/** One stored version's text. */
export function useConfigVersion(serverId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...nginxKey(serverId), 'version', id] as const,
    queryFn: ({ signal }) =>
      call(
        nginxRoutes.getNginxConfigVersion,
        { serverId, id: id ?? 0 },
        { signal, silent: 'toast' },
      ),
    enabled: id !== undefined,
    staleTime: Infinity,
  });
}

/** `nginx -T`: the whole configuration as nginx reads it. */
export function useEffectiveConfig(serverId: number, open: boolean) {
  return useQuery({
    queryKey: [...nginxKey(serverId), 'effective'] as const,
    queryFn: ({ signal }) =>
      call(nginxRoutes.getNginxEffectiveConfig, { serverId }, { signal, silent: 'toast' }),
    enabled: open,
    staleTime: 0,
  });
}
