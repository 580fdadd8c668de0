import dayjs from 'dayjs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/applyLanguage';

describe('applyLanguage', () => {
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
