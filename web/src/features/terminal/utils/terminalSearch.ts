/** /server/terminal?serverId=…: a server to open a terminal on when the page opens. */
export interface TerminalSearch {
  serverId?: number;
}

export function validateTerminalSearch(search: Record<string, unknown>): TerminalSearch {
  const id = Number(search.serverId);
  return Number.isSafeInteger(id) && id > 0 ? { serverId: id } : {};
}
