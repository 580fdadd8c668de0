/** A private OpenLDAP server of a test (`slapd-server.mjs`). */
export interface TestSlapd {
  /** `ldap://127.0.0.1:PORT` (StartTLS is offered there too). */
  url: string;
  /** `ldaps://127.0.0.1:PORT`. */
  ldapsUrl: string;
  port: number;
  tlsPort: number;
  /** `dc=ferry,dc=test`, with `ou=people`, `ou=groups` and `ou=services` under it. */
  baseDn: string;
  /** The private CA (PEM) that signed the server's certificate for 127.0.0.1 and localhost. */
  caFile: string;
  /** A service account that may read everything but passwords. */
  serviceDn: string;
  servicePassword: string;
  /** Applies LDIF change records (`changetype: add|modify|delete`) as the administrator. */
  modify(ldif: string): Promise<void>;
  /** Ends the server and removes its dir. */
  stop(): Promise<void>;
}

export const BASE_DN: string;
export function slapdInstalled(): boolean;
export function startSlapd(): Promise<TestSlapd>;
