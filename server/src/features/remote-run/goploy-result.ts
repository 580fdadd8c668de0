import type { ServerResult } from './remote-run.api.js';

/** One server's result as goploy's exec routes answer it: `{serverId, execRes, stdout, stderr}`. */
export const goployResult = (r: ServerResult) => ({
  serverId: r.serverId,
  execRes: r.end.state === 'ok',
  stdout: r.raw?.stdout ?? '',
  stderr: r.raw?.stderr || r.end.error,
});
