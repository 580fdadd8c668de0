import { useMemo } from 'react';
import { useMemberOptions } from './useMemberOptions';

/** The names of the namespace's members, to pick from in a filter; none while unknown. */
export function useMemberNames(): readonly string[] | undefined {
  const members = useMemberOptions();
  return useMemo(
    () =>
      members.data
        ? [...new Set(members.data.map((m) => m.userName))].sort((a, b) => a.localeCompare(b))
        : undefined,
    [members.data],
  );
}
