import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The text at `key.path` of a namespace file in a language. */
function text(lang: string, file: string, key: string): unknown {
  const json = JSON.parse(fs.readFileSync(path.join(root, lang, `${file}.json`), 'utf8')) as object;
  return key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], json);
}

/** Every confirmation before a delete: the project and the role. */
const DELETE_CONFIRMATIONS = [
  ['project', 'remove.content'],
  ['namespace', 'role.deleteText'],
] as const;

describe("the specification's texts (product.md §8)", () => {
  it.each(DELETE_CONFIRMATIONS)('the %s delete confirmation %s', (file, key) => {
    expect(text('en', file, key)).toBe('This action will delete the {{name}}, continue?');
    expect(text('zh-CN', file, key)).toBe('此操作将删除 {{name}}，是否继续？');
  });

  it('names missing user data', () => {
    expect(text('en', 'common', 'error.verificationFailed')).toBe(
      'Verification failed, please Login again.',
    );
    expect(text('zh-CN', 'common', 'error.verificationFailed')).toBe('验证失败，请重新登录。');
  });

  it('no other confirmation speaks of deleting in its own words', () => {
    for (const lang of ['en', 'zh-CN']) {
      for (const file of fs.readdirSync(path.join(root, lang))) {
        const raw = fs.readFileSync(path.join(root, lang, file), 'utf8');
        expect(raw, `${lang}/${file}`).not.toMatch(/Delete the role|删除角色「/);
        expect(raw, `${lang}/${file}`).not.toMatch(/"This cannot be undone/);
      }
    }
  });
});
