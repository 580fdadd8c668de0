import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../i18n/detectLanguage';

describe('detectLanguage', () => {
  it('follows the language cookie, including goploy’s zh-cn', () => {
    expect(detectLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(detectLanguage('zh-cn', 'en-US')).toBe('zh-CN');
    expect(detectLanguage('en', 'zh-CN')).toBe('en');
  });

  it('falls back to a Chinese browser, else English', () => {
    expect(detectLanguage(undefined, 'zh-TW')).toBe('zh-CN');
    expect(detectLanguage(undefined, 'de-DE')).toBe('en');
    expect(detectLanguage('fr', undefined)).toBe('en');
  });
});
