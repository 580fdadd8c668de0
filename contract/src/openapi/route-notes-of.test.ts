import { describe, expect, it } from 'vitest';
import { routeNotesOf } from './route-notes-of.js';

describe('routeNotesOf', () => {
  it('reads the doc comment right above a route, one or several lines', () => {
    const source = [
      "import { z } from 'zod';",
      '/** One line. */',
      'export const a = route({',
      '/**',
      ' * First line,',
      ' * second with {@link Perm}.',
      ' */',
      'export const b = route({',
      'export const c = route({',
      '/** Not a route. */',
      'export const row = z.object({});',
    ].join('\n');
    expect(routeNotesOf(source)).toEqual({ a: 'One line.', b: 'First line,\nsecond with Perm.' });
  });
});
