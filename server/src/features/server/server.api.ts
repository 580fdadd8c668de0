import type { ServerRow } from './server.presenter.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ServerAccess, ServerChange, SftpLease, UsableServer } from './server-access.js';

export type { ServerAccess, ServerChange, SftpLease, UsableServer };
export type { ServerRow } from './server.presenter.js';
export { serverVariables } from './server-variables.js';

/** A target server as a deploy and its variables describe it. SECURITY: no secret is a fact. */
export interface ServerFacts {
  id: number;
  name: string;
  ip: string;
  port: number;
  owner: string;
  keyPath: string;
  jump: { ip: string; port: number; owner: string; keyPath: string } | null;
}

/** What other features may ask of servers. */
export interface ServerDirectory {
  /** How terminals, deploys (and SFTP, scripts) reach a server. */
  access: ServerAccess;
  /** The servers a namespace may use: its own and the shared ones. */
  usableIds(namespaceId: number): Promise<Set<number>>;
  /**
   * A server as goploy's clients see it (`presentServer`), for a body that carries goploy's
   * server; undefined when it is gone. SECURITY: no secret in it.
   */
  shown(id: number): Promise<ServerRow | undefined>;
  /** A server the caller sees (own namespace or shared), or code 1 without saying which. */
  visible(ctx: RequestContext, id: number): Promise<{ id: number }>;
  /**
   * The deploy's view of its servers, in the order asked (unknown ids left out), and every secret
   * they hold in clear, so the deploy log can mask them. SECURITY: the secrets go to the log's
   * mask alone.
   */
  forDeploy(ids: number[]): Promise<{ servers: ServerFacts[]; secrets: string[] }>;
}
export { serverColumnsOf } from './server-columns.js';
