import { PERMISSIONS } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/namespace.json';
import zh from '../../../locales/zh-CN/namespace.json';

const LOCALES = { en, 'zh-CN': zh } as const;

describe('permission labels', () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    it(`names every permission and group of the catalogue in ${lang}`, () => {
      const labels: Record<string, string> = locale.permissionName;
      const missing = PERMISSIONS.map((p) => p.name).filter((name) => !labels[name]?.trim());
      expect(missing).toEqual([]);
    });

    it(`has no label in ${lang} for a name the catalogue lacks`, () => {
      const names = new Set<string>(PERMISSIONS.map((p) => p.name));
      expect(Object.keys(locale.permissionName).filter((k) => !names.has(k))).toEqual([]);
    });
  }

  it('gives the two languages different texts', () => {
    const same = PERMISSIONS.filter((p) => en.permissionName[p.name] === zh.permissionName[p.name]);
    expect(same.map((p) => p.name)).toEqual([]);
  });
});
