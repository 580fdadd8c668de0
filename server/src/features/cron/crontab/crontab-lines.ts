import type { CrontabLineKind } from '@ferry/contract';

/** A crontab's text as lines, and whether its last line ended with a newline. */
export interface CrontabText {
  lines: string[];
  finalNewline: boolean;
}

/** Splits a crontab into its lines; an empty text has none. */
export function splitCrontab(text: string): CrontabText {
  if (text === '') return { lines: [], finalNewline: false };
  const finalNewline = text.endsWith('\n');
  const lines = (finalNewline ? text.slice(0, -1) : text).split('\n');
  return { lines, finalNewline };
}

/** The text again, byte for byte. */
export function joinCrontab(t: CrontabText): string {
  if (t.lines.length === 0) return '';
  return t.lines.join('\n') + (t.finalNewline ? '\n' : '');
}

/** What one line of a crontab says. */
export interface ParsedLine {
  kind: Exclude<CrontabLineKind, 'fence' | 'managed'>;
  expression: string;
  /** The command as cron hands it to the shell (before its `%` handling). */
  command: string;
  /** The user field of a system crontab's job. */
  runAs: string;
}

const ENV = /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/;
const QUOTED_ENV = /^\s*(["'])[^"']*\1\s*=/;
const SCHEDULE_FIELDS = 5;

/** Takes `n` blank-separated words off the start; undefined when the line has fewer. */
function takeWords(text: string, n: number): { words: string[]; rest: string } | undefined {
  const words: string[] = [];
  let rest = text.replace(/^[ \t]+/, '');
  for (let i = 0; i < n; i++) {
    const m = /^(\S+)[ \t]*/.exec(rest);
    if (!m?.[1]) return undefined;
    words.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return { words, rest };
}

/**
 * Reads one line as cron does: blank, a comment, an environment setting, or a job (a macro or
 * five schedule fields, in a system crontab then the user to run as, then the command).
 */
export function parseCrontabLine(text: string, system = false): ParsedLine {
  const none = { expression: '', command: '', runAs: '' };
  if (text.trim() === '') return { kind: 'blank', ...none };
  if (/^\s*#/.test(text)) return { kind: 'comment', ...none };
  if (ENV.test(text) || QUOTED_ENV.test(text)) return { kind: 'env', ...none };
  const scheduleWords = text.trimStart().startsWith('@') ? 1 : SCHEDULE_FIELDS;
  const taken = takeWords(text, scheduleWords + (system ? 1 : 0));
  if (!taken || taken.rest === '') return { kind: 'comment', ...none };
  return {
    kind: 'job',
    expression: taken.words.slice(0, scheduleWords).join(' '),
    command: taken.rest,
    runAs: system ? (taken.words[scheduleWords] ?? '') : '',
  };
}

/**
 * What cron does to a command before the shell sees it: the first `%` not escaped by a
 * backslash ends the command (the rest, its `%`s turned into newlines, is its input); `\%` is a
 * `%`; other backslashes stay.
 */
export function splitCronCommand(command: string): { command: string; input: string | undefined } {
  let out = '';
  let escaped = false;
  for (const [i, ch] of [...command].entries()) {
    if (escaped) {
      out = ch === '%' ? out.slice(0, -1) + '%' : out + ch;
      escaped = false;
      continue;
    }
    if (ch === '%')
      return {
        command: out,
        input: [...command]
          .slice(i + 1)
          .join('')
          .replaceAll('%', '\n'),
      };
    if (ch === '\\') escaped = true;
    out += ch;
  }
  return { command: out, input: undefined };
}

/** The command cron hands the shell (see `splitCronCommand`). */
export const cronCommandText = (command: string) => splitCronCommand(command).command;
