import { z } from 'zod';
import { route } from '../../route.js';

/**
 * This API's OpenAPI 3.1 document, built from the route declarations: every route with its input,
 * its answer inside the envelope, the codes it can answer, who may call it and whether it is
 * goploy's. For a signed-in user or an API key.
 */
export const document = route({
  method: 'GET',
  path: '/openapi.json',
  access: 'user',
  bare: true,
  input: z.object({}),
  output: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' }),
});
