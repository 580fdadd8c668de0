import { z } from 'zod';
import { route } from '../route.js';

/** The realtime hub: any logged-in user; frames are scoped to the namespace of `G-N-ID`. */
export const hubConnect = route({
  method: 'GET',
  path: '/ws/connect',
  access: 'user',
  input: z.object({}),
  output: z.null(),
});
