/** Server constants without zod, shared with the browser. */

/** How the console logs in: a password, pasted key material, a key file on the console host, or
 * the console's own key pair. */
export const SERVER_AUTH_TYPES = ['password', 'key', 'keyFile', 'consoleKey'] as const;
export type ServerAuthType = (typeof SERVER_AUTH_TYPES)[number];

/** The CSV import columns, goploy's names; `name`, `host`, `port` and `owner` are required. */
export const SERVER_IMPORT_COLUMNS = [
  'name',
  'os',
  'host',
  'port',
  'owner',
  'path',
  'password',
  'description',
  'jumpHost',
  'jumpPort',
  'jumpOwner',
  'jumpPath',
  'jumpPassword',
] as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$/;
const HOSTNAME =
  /^(?=.{1,253}$)[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,61}[a-zA-Z0-9_])?(?:\.[a-zA-Z0-9_](?:[a-zA-Z0-9_-]{0,61}[a-zA-Z0-9_])?)*\.?$/;

/** An IPv4 or IPv6 address or a host name; never starts with `-`, so it cannot pass as an option. */
export function isHost(value: string): boolean {
  return IPV4.test(value) || (IPV6.test(value) && value.length <= 45) || HOSTNAME.test(value);
}
