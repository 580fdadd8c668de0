import { z } from 'zod';
import { idField, intField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';

/**
 * `GET /ws/xterm?serverId&rows&cols` (plus `G-N-ID`): a shell on the server in a PTY
 * (`xterm-256color`). The frame protocol is in `terminal-frames.ts`.
 */
export const xtermConnect = route({
  method: 'GET',
  path: '/ws/xterm',
  access: anyOf(Perm.ShowTerminalPage),
  input: z.object({
    serverId: idField,
    rows: intField(1, 1000).optional().default(24),
    cols: intField(1, 1000).optional().default(80),
  }),
  output: z.null(),
});
