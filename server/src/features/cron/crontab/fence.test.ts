import { describe, expect, it } from 'vitest';
import { cronCommandText, parseCrontabLine, splitCrontab } from './crontab-lines.js';
import { cronQuote, jobIdOfLine, jobLine, type FencedJob } from './cron-line.js';
import { blockText, checkFence, findBlock, replaceBlock, sha256Hex } from './fence.js';

const HOME = '/home/deploy';
const job = (id: number, o: Partial<FencedJob> = {}): FencedJob => ({
  id,
  expression: '*/5 * * * *',
  command: `echo ${id}`,
  singleMode: 0,
  logLevel: 1,
  description: `job ${id}`,
  ...o,
});

const OUTSIDE_BEFORE =
  'MAILTO=ops@example.com\n# nightly backup\n0 3 * * * tar czf /b.tgz /srv 2>&1 | logger\n';
const OUTSIDE_AFTER = '\n5 4 * * sun date +\\%F >> /tmp/d\n';

/** What the shell finally runs for a written command: cron's `%` handling, then sh's quoting. */
function asShellWord(quoted: string): string {
  const text = cronCommandText(quoted);
  // Evaluates single-quoted words and backslash escapes outside quotes, as sh does here.
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      out += text.slice(i + 1, close);
      i = close;
    } else if (ch === '\\') {
      out += text[++i] ?? '';
    } else out += ch;
  }
  return out;
}

describe('crontab lines', () => {
  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['# a comment', 'comment'],
    ['  # indented', 'comment'],
    ['PATH=/usr/bin:/bin', 'env'],
    ['SHELL = /bin/bash', 'env'],
    ['"Q"=1', 'env'],
    ['*/5 * * * * echo hi', 'job'],
    ['@reboot /usr/bin/start', 'job'],
    ['* * * *', 'comment'],
  ])('reads %j as %s', (text, kind) => {
    expect(parseCrontabLine(text).kind).toBe(kind);
  });

  it('splits a job into its schedule and command, and a system job into its user too', () => {
    expect(parseCrontabLine('0  3 * * 1-5   run  --x %y')).toMatchObject({
      expression: '0 3 * * 1-5',
      command: 'run  --x %y',
      runAs: '',
    });
    expect(parseCrontabLine('@daily root  /usr/sbin/logrotate', true)).toMatchObject({
      expression: '@daily',
      command: '/usr/sbin/logrotate',
      runAs: 'root',
    });
  });

  it("applies cron's % rule: the first bare % ends the command, \\% is a %", () => {
    expect(cronCommandText('date +\\%s%stdin')).toBe('date +%s');
    expect(cronCommandText('a\\b')).toBe('a\\b');
    expect(cronCommandText('a\\\\%b')).toBe('a\\\\');
  });
});

describe('job lines', () => {
  it.each([
    'true',
    'date +%s',
    'echo \'$(touch /tmp/x)\' `id` ; "q"',
    'printf "50%%\\n"',
    'echo a\\%b',
    'echo \\',
    "it's % and \\'%",
  ])('writes %j so cron and sh hand the wrapper exactly it', (command) => {
    const quoted = cronQuote(command);
    expect(asShellWord(quoted)).toBe(command);
  });

  it('calls the wrapper with the id, single mode and log level, and names the job', () => {
    const line = jobLine(job(7, { singleMode: 1, logLevel: 2, command: 'date +%F' }), HOME);
    expect(line).toBe("*/5 * * * * /home/deploy/.ferry/cron/run.sh 7 1 2 'date +\\%F'");
    expect(jobIdOfLine(line)).toBe(7);
    expect(jobIdOfLine('# ferry-cron-job 12 nightly')).toBe(12);
    expect(jobIdOfLine('0 3 * * * other')).toBe(0);
  });
});

describe('the fenced block', () => {
  it('adds a block after the other lines, which stay byte for byte', () => {
    const { text, block, checksum } = replaceBlock(OUTSIDE_BEFORE, [job(2), job(1)], HOME);
    expect(text.startsWith(OUTSIDE_BEFORE)).toBe(true);
    const found = findBlock(splitCrontab(text).lines);
    expect(found?.inner).toHaveLength(4);
    expect(jobIdOfLine(found?.inner[0] ?? '')).toBe(1);
    expect(found?.marked).toBe(checksum);
    expect(sha256Hex(block)).toBe(checksum);
    expect(text.endsWith('# END FERRY CRON\n')).toBe(true);
  });

  it('replaces only the block, keeping the lines around it and a missing final newline', () => {
    const first = replaceBlock(OUTSIDE_BEFORE, [job(1)], HOME).text;
    const around = first + OUTSIDE_AFTER + 'tail line without newline';
    const next = replaceBlock(around, [job(1), job(3, { command: 'x %y' })], HOME).text;
    expect(next.startsWith(OUTSIDE_BEFORE)).toBe(true);
    expect(next.endsWith(OUTSIDE_AFTER + 'tail line without newline')).toBe(true);
    expect(next).toContain("'x \\%y'");
    const removed = replaceBlock(next, [], HOME).text;
    expect(removed).toBe(OUTSIDE_BEFORE + OUTSIDE_AFTER + 'tail line without newline');
  });

  it('gives the old last line its newline when a block is added after it', () => {
    const { text } = replaceBlock('0 1 * * * a', [job(1)], HOME);
    expect(text.startsWith('0 1 * * * a\n# BEGIN FERRY CRON')).toBe(true);
  });

  it('leaves a crontab without a block alone when there is no job', () => {
    expect(replaceBlock('x', [], HOME).text).toBe('x');
    expect(replaceBlock('', [], HOME).text).toBe('');
  });

  it('sees the block as written, edited by hand, replaced or missing', () => {
    const w = replaceBlock(OUTSIDE_BEFORE, [job(1)], HOME);
    const stored = { checksum: w.checksum, text: w.block };
    const lines = splitCrontab(w.text).lines;
    expect(checkFence(lines, stored)).toEqual({ state: 'ok', current: w.block });
    const edited = lines.map((l) => l.replace('*/5', '*/7'));
    expect(checkFence(edited, stored).state).toBe('edited');
    expect(checkFence(edited, stored).current).toContain('*/7');
    const other = splitCrontab(replaceBlock(OUTSIDE_BEFORE, [job(9)], HOME).text).lines;
    expect(checkFence(other, stored).state).toBe('edited');
    expect(checkFence(lines.slice(0, -1), stored).state).toBe('edited');
    expect(checkFence(splitCrontab(OUTSIDE_BEFORE).lines, stored).state).toBe('missing');
    expect(checkFence(splitCrontab(OUTSIDE_BEFORE).lines, { checksum: '', text: '' }).state).toBe(
      'ok',
    );
    expect(checkFence(other, { checksum: '', text: '' }).state).toBe('ok');
  });

  it('overwrites a hand edit, or moves its own lines above the block', () => {
    const w = replaceBlock(OUTSIDE_BEFORE, [job(1)], HOME);
    const lines = splitCrontab(w.text).lines;
    const at = lines.indexOf('# END FERRY CRON');
    lines.splice(at, 0, '# mine', '15 2 * * * /opt/mine.sh');
    const hand = lines.join('\n') + '\n';
    const over = replaceBlock(hand, [job(1)], HOME);
    expect(over.text).toBe(w.text);
    const kept = replaceBlock(hand, [job(1)], HOME, 'keepOutside');
    expect(kept.text).toBe(
      `${OUTSIDE_BEFORE}# mine\n15 2 * * * /opt/mine.sh\n${w.text.slice(OUTSIDE_BEFORE.length)}`,
    );
    expect(blockText(findBlock(splitCrontab(kept.text).lines)?.inner ?? [])).toBe(w.block);
  });
});
