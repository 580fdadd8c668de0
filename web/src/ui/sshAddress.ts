/** `owner@host:port`; an IPv6 address is put in brackets so the port stays readable. */
export function sshAddress(owner: string, host: string, port: number): string {
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `${owner ? `${owner}@` : ''}${shownHost}:${port}`;
}
