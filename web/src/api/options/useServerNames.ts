import { useMemo } from 'react';
import { useServerOptions } from './useServerOptions';

/** The names of the servers one may pick, to choose from in a filter; none while unknown. */
export function useServerNames(): readonly string[] | undefined {
  const servers = useServerOptions();
  return useMemo(
    () =>
      servers.data
        ? [...new Set(servers.data.map((s) => s.name))].sort((a, b) => a.localeCompare(b))
        : undefined,
    [servers.data],
  );
}
