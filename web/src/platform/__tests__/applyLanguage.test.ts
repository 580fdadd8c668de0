import dayjs from 'dayjs';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/applyLanguage';

// dayjs's Chinese arrives a moment late, as over the network.
vi.mock('dayjs/locale/zh-cn', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return importOriginal();
});

describe('applyLanguage', () => {
  it('leaves dayjs in English when English is chosen again before its Chinese arrived', async () => {
    await Promise.all([applyLanguage('zh-CN'), applyLanguage('en')]);
    expect(dayjs.locale()).toBe('en');
  });

  it('switches the texts, dayjs and the document to Chinese and back to English', async () => {
    await applyLanguage('zh-CN');
    expect(i18next.language).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');

    await applyLanguage('en');
    expect(i18next.language).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
