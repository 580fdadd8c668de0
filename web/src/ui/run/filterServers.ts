/** The servers whose name, address or description contains `query` (any case); all for none. */
export function filterServers<S extends { name: string; ip: string; description: string }>(
  servers: readonly S[],
  query: string,
): readonly S[] {
  const q = query.trim().toLowerCase();
  if (!q) return servers;
  return servers.filter((s) =>
    [s.name, s.ip, s.description].some((field) => field.toLowerCase().includes(q)),
  );
}
