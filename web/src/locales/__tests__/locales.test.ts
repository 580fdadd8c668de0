import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGS = ['en', 'zh-CN'] as const;

/** Every leaf of a locale file as `key.path` → text. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(lang: string) {
  const dir = path.join(root, lang);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return new Map(
    files.map((f) => [f, flatten(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))] as const),
  );
}

const placeholders = (s: unknown) =>
  [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const [en, zh] = LANGS.map(load) as [ReturnType<typeof load>, ReturnType<typeof load>];

  it('has the same files in every language', () => {
    expect([...zh.keys()]).toEqual([...en.keys()]);
    expect(en.size).toBeGreaterThan(0);
  });

  for (const file of [...en.keys()]) {
    it(`has identical keys in en and zh-CN for ${file}`, () => {
      const enKeys = [...(en.get(file)?.keys() ?? [])].sort();
      const zhKeys = [...(zh.get(file)?.keys() ?? [])].sort();
      expect(zhKeys).toEqual(enKeys);
    });

    it(`has non-empty texts with the same placeholders in ${file}`, () => {
      for (const [key, text] of en.get(file) ?? []) {
        const other = zh.get(file)?.get(key);
        expect(typeof text, `en ${file} ${key}`).toBe('string');
        expect(typeof other, `zh-CN ${file} ${key}`).toBe('string');
        expect(String(text).trim(), `en ${file} ${key}`).not.toBe('');
        expect(String(other).trim(), `zh-CN ${file} ${key}`).not.toBe('');
        expect(placeholders(other), `${file} ${key}`).toEqual(placeholders(text));
      }
    });
  }
});
