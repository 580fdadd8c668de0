import { describe, expect, it } from 'vitest';
import { flattenJson } from '../utils/jsonTree';
import { treeKeyOutcome } from '../utils/jsonTreeKeys';

// Rows: 0 $ (expanded), 1 $.a (expanded), 2 $.a.b (leaf), 3 $.c (collapsed), 4 $.d (leaf)
const ROWS = flattenJson({ a: { b: 1 }, c: [1], d: 2 }, new Set(['$', '$.a']));

describe('treeKeyOutcome', () => {
  it.each([
    ['ArrowDown', 0, { focus: 1 }],
    ['ArrowDown', 4, { focus: 4 }],
    ['ArrowUp', 2, { focus: 1 }],
    ['ArrowUp', 0, { focus: 0 }],
    ['Home', 3, { focus: 0 }],
    ['End', 1, { focus: 4 }],
    ['ArrowRight', 3, { focus: 3, toggle: '$.c' }],
    ['ArrowRight', 1, { focus: 2 }],
    ['ArrowRight', 2, { focus: 2 }],
    ['ArrowLeft', 1, { focus: 1, toggle: '$.a' }],
    ['ArrowLeft', 2, { focus: 1 }],
    ['ArrowLeft', 3, { focus: 0 }],
    ['Enter', 3, { focus: 3, toggle: '$.c' }],
    [' ', 0, { focus: 0, toggle: '$' }],
    ['Enter', 4, { focus: 4 }],
  ] as const)('%j on row %i', (key, index, outcome) => {
    expect(treeKeyOutcome(ROWS, index, key)).toEqual(outcome);
  });

  it('leaves other keys to the page', () => {
    expect(treeKeyOutcome(ROWS, 0, 'Tab')).toBeUndefined();
    expect(treeKeyOutcome(ROWS, 0, 'a')).toBeUndefined();
  });
});
