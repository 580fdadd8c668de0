import { describe, expect, it } from 'vitest';
import { formatJson, parseJsonInput, type JsonContainer } from '../utils/jsonParse';
import { childJsonPath } from '../utils/jsonPath';
import { previewJsonValue } from '../utils/jsonPreview';
import { allExpandablePaths, flattenJson, rowsAfterToggle } from '../utils/jsonTree';

const STORE = {
  store: { book: [{ title: 'A', price: 8.95 }, { title: 'B' }], 'the bike': { color: 'red' } },
  empty: {},
  none: null,
};

/** Each row as "path depth mark", where mark is + (collapsed), - (expanded) or . (leaf). */
const outline = (value: JsonContainer, expanded: Iterable<string>) =>
  flattenJson(value, new Set(expanded)).map(
    (r) => `${r.path} ${r.depth} ${r.expandable ? (r.expanded ? '-' : '+') : '.'}`,
  );

describe('childJsonPath', () => {
  it.each([
    ['$', 'store', '$.store'],
    ['$.store', 0, '$.store[0]'],
    ['$.store.book[0]', 'title', '$.store.book[0].title'],
    ['$', 'a b', '$["a b"]'],
    ['$', '', '$[""]'],
    ['$', '0', '$["0"]'],
    ['$', '1a', '$["1a"]'],
    ['$', 'say "hi"', '$["say \\"hi\\""]'],
    ['$', 'é', '$["é"]'],
    ['$', '_x$1', '$._x$1'],
  ])('%s + %j is %s', (parent, key, path) => {
    expect(childJsonPath(parent, key)).toBe(path);
  });
});

describe('parseJsonInput', () => {
  it('keeps the parser message of a syntax error', () => {
    let expected = '';
    try {
      JSON.parse('{"a":}');
    } catch (e) {
      expected = (e as Error).message;
    }
    expect(parseJsonInput('{"a":}')).toEqual({ kind: 'syntax', message: expected });
  });

  it.each(['"text"', '12', 'true', 'null'])('refuses the root %s', (text) => {
    expect(parseJsonInput(text)).toEqual({ kind: 'root' });
  });

  it('reads objects and arrays, and blank input as empty', () => {
    expect(parseJsonInput(' [1] ')).toEqual({ kind: 'ok', value: [1] });
    expect(parseJsonInput('{"a":1}')).toEqual({ kind: 'ok', value: { a: 1 } });
    expect(parseJsonInput(' \n ')).toEqual({ kind: 'empty' });
  });

  it('formats with two spaces', () => {
    expect(formatJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});

describe('flattenJson', () => {
  it('shows only the root when nothing is expanded', () => {
    expect(outline(STORE, [])).toEqual(['$ 0 +']);
  });

  it('shows the children of expanded nodes in document order', () => {
    expect(outline(STORE, ['$', '$.store'])).toEqual([
      '$ 0 -',
      '$.store 1 -',
      '$.store.book 2 +',
      '$.store["the bike"] 2 +',
      '$.empty 1 .',
      '$.none 1 .',
    ]);
  });

  it('hides the children of a node whose parent is collapsed', () => {
    expect(outline(STORE, ['$', '$.store.book'])).toEqual([
      '$ 0 -',
      '$.store 1 +',
      '$.empty 1 .',
      '$.none 1 .',
    ]);
  });

  it('expands everything with allExpandablePaths', () => {
    const paths = allExpandablePaths(STORE);
    expect([...paths].sort()).toEqual(
      [
        '$',
        '$.store',
        '$.store.book',
        '$.store.book[0]',
        '$.store.book[1]',
        '$.store["the bike"]',
      ].sort(),
    );
    const rows = flattenJson(STORE, paths);
    expect(rows.map((r) => r.path)).toEqual([
      '$',
      '$.store',
      '$.store.book',
      '$.store.book[0]',
      '$.store.book[0].title',
      '$.store.book[0].price',
      '$.store.book[1]',
      '$.store.book[1].title',
      '$.store["the bike"]',
      '$.store["the bike"].color',
      '$.empty',
      '$.none',
    ]);
    expect(rows[4]).toMatchObject({ key: 'title', value: 'A', depth: 4, expandable: false });
    expect(rows[3]).toMatchObject({ key: 0, depth: 3 });
  });

  it('walks a deeply nested document without overflowing the stack', () => {
    const depth = 5_000;
    const doc = JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown[];
    const rows = flattenJson(doc, allExpandablePaths(doc));
    expect(rows).toHaveLength(depth);
    expect(rows.at(-1)?.depth).toBe(depth - 1);
  });
});

describe('rowsAfterToggle', () => {
  const toggled = (expanded: Set<string>, path: string) => {
    const next = new Set(expanded);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    return next;
  };

  it.each(['$', '$.store', '$.store.book', '$.store.book[1]', '$.store["the bike"]'])(
    'gives the same rows as a full flatten when %s is toggled',
    (path) => {
      for (const start of [allExpandablePaths(STORE), new Set(['$', '$.store'])]) {
        const rows = flattenJson(STORE, start);
        const index = rows.findIndex((r) => r.path === path);
        if (index < 0) continue;
        const next = toggled(start, path);
        expect(rowsAfterToggle(rows, index, next)).toEqual(flattenJson(STORE, next));
      }
    },
  );
});

describe('a 5 MB document with everything expanded', () => {
  it('parses and flattens every node', () => {
    const items = Array.from({ length: 40_000 }, (_, i) => ({
      id: i,
      name: `item ${i}`,
      tags: ['a', 'b'],
      meta: { ok: i % 2 === 0, note: 'x'.repeat(60) },
    }));
    const text = JSON.stringify({ items });
    expect(text.length).toBeGreaterThan(5_000_000);
    const parsed = parseJsonInput(text);
    if (parsed.kind !== 'ok') throw new Error(parsed.kind);
    const rows = flattenJson(parsed.value, allExpandablePaths(parsed.value));
    // root + items + per item: itself, id, name, tags, 2 tags, meta, ok, note
    expect(rows).toHaveLength(2 + 40_000 * 9);
    expect(rows.at(-1)).toMatchObject({ path: '$.items[39999].meta.note', depth: 4 });
    expect(rows.every((r) => !r.expandable || r.expanded)).toBe(true);

    const expanded = allExpandablePaths(parsed.value);
    expanded.delete('$.items[5]');
    const index = rows.findIndex((r) => r.path === '$.items[5]');
    const collapsed = rowsAfterToggle(rows, index, expanded);
    expect(collapsed).toHaveLength(rows.length - 8);
    expect(collapsed[index]).toMatchObject({ path: '$.items[5]', expanded: false });
    expect(collapsed[index + 1]?.path).toBe('$.items[6]');
  });
});

describe('previewJsonValue', () => {
  it.each([
    ['a "q"', '"a \\"q\\""'],
    [12.5, '12.5'],
    [false, 'false'],
    [null, 'null'],
    [[1, 2, 3], '[3]'],
    [{ a: 1, b: 2 }, '{2}'],
  ])('shows %j as %s', (value, shown) => {
    expect(previewJsonValue(value)).toBe(shown);
  });

  it('clips long strings', () => {
    expect(previewJsonValue('y'.repeat(1000))).toBe(`"${'y'.repeat(300)}…"`);
  });
});
