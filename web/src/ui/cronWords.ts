import cronstrue from 'cronstrue';
// Registers the one extra locale the console speaks; `cronstrue/i18n` would bundle all of them.
import 'cronstrue/locales/zh_CN';

/** The languages a cron expression can be described in. */
export type CronLocale = 'zh_CN' | 'en';

/** The description language for an interface language (`zh-CN` or anything else). */
export const cronLocaleOf = (language: string): CronLocale =>
  language === 'zh-CN' ? 'zh_CN' : 'en';

/**
 * A cron expression (or a macro such as `@daily`) in words, with a 24-hour clock; throws when
 * the describer cannot read it.
 */
export function cronWords(expression: string, locale: CronLocale): string {
  return cronstrue.toString(expression, {
    locale,
    use24HourTimeFormat: true,
    throwExceptionOnParseError: true,
  });
}
