import type { DeployLogMessage, DeployProgressMessage } from '@ferry/contract/client';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A type-1 frame's message when it has what the page reads; undefined otherwise. */
export function asProgressMessage(m: unknown): DeployProgressMessage | undefined {
  if (!isObject(m) || typeof m.projectId !== 'number' || typeof m.token !== 'string') {
    return undefined;
  }
  if (typeof m.status !== 'string' || typeof m.stage !== 'string') return undefined;
  return {
    ...(m as unknown as DeployProgressMessage),
    ahead: typeof m.ahead === 'number' ? m.ahead : 0,
    servers: Array.isArray(m.servers) ? (m.servers as DeployProgressMessage['servers']) : [],
    ext: isObject(m.ext) ? m.ext : {},
  };
}

/** A type-11 frame's message when it is a log line; undefined otherwise. */
export function asLogMessage(m: unknown): DeployLogMessage | undefined {
  if (!isObject(m) || typeof m.token !== 'string' || typeof m.line !== 'string') return undefined;
  return {
    projectId: typeof m.projectId === 'number' ? m.projectId : 0,
    token: m.token,
    stage: m.stage as DeployLogMessage['stage'],
    serverId: typeof m.serverId === 'number' ? m.serverId : 0,
    line: m.line,
    ...(typeof m.at === 'number' ? { at: m.at } : {}),
  };
}
