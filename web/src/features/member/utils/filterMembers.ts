import type { MemberRow } from './MemberRow';

/** The members whose account or name contains `query`, ignoring case and outer spaces. */
export function filterMembers(list: readonly MemberRow[], query: string): MemberRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter(
    (m) => m.account.toLowerCase().includes(q) || m.name.toLowerCase().includes(q),
  );
}
