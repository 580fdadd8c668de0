import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRACE_DETAIL_LIMIT, TRACE_TRUNCATED_MARK } from '@ferry/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeployLog, readDeployLog, type LogLine } from './deploy-log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function open(secrets: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-log-'));
  dirs.push(dir);
  const file = path.join(dir, 'deploy-log', 'tok.jsonl');
  const sent: LogLine[] = [];
  return { file, sent, log: createDeployLog({ file, secrets, publish: (l) => sent.push(l) }) };
}

describe('the deploy log', () => {
  it('joins chunks into whole lines, keeps them per stage, on disk and live', async () => {
    const { file, sent, log } = open();
    const before = Date.now();
    const out = log.stage('afterPull');
    out.push('hel');
    out.push('lo\r\nwor');
    out.push('ld\npartial');
    out.flush();
    log.stage('transfer', 3).note('$ rsync');
    await log.close();
    expect(out.text()).toBe('hello\nworld\npartial\n');
    expect(sent.map((l) => l.line)).toEqual(['hello', 'world', 'partial', '$ rsync']);
    expect(sent.at(-1)).toMatchObject({ stage: 'transfer', serverId: 3, line: '$ rsync' });
    // Each line carries when it was printed, for the log's times.
    for (const l of sent) expect(l.at).toBeGreaterThanOrEqual(before);
    expect(sent.at(-1)!.at).toBeLessThanOrEqual(Date.now());
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await readDeployLog(file)).lines).toEqual(sent);
    expect(await readDeployLog(file, 2)).toEqual({ lines: sent.slice(-2), truncated: true });
  });

  it('masks secrets in every line before it is kept or sent', async () => {
    const { sent, log } = open(['s3cret-pass']);
    const out = log.stage('afterDeploy', 1);
    out.note('PASSWORD=s3cret-pass and s3cret-pass again');
    await log.close();
    expect(out.text()).toBe('PASSWORD=*** and *** again\n');
    expect(JSON.stringify(sent)).not.toContain('s3cret');
  });

  it('caps a stage text at 1 MiB with a visible mark', async () => {
    const { log } = open();
    const out = log.stage('afterPull');
    const line = 'x'.repeat(1000);
    for (let i = 0; i < 1100; i++) out.note(line);
    await log.close();
    expect(out.text().length).toBeLessThanOrEqual(TRACE_DETAIL_LIMIT + TRACE_TRUNCATED_MARK.length);
    expect(out.text().endsWith(TRACE_TRUNCATED_MARK)).toBe(true);
  });

  it('reads the last lines of a big log from its end, multi-byte text intact', async () => {
    const { file, log } = open();
    const out = log.stage('afterPull');
    // About 3 MB: several read chunks, with lines that cross their edges.
    for (let i = 0; i < 30_000; i++) out.note(`line ${i} ünïcødé ${'x'.repeat(i % 150)}`);
    await log.close();
    const tail = await readDeployLog(file, 1000);
    expect(tail.truncated).toBe(true);
    expect(tail.lines).toHaveLength(1000);
    expect(tail.lines[0]!.line).toBe(`line 29000 ünïcødé ${'x'.repeat(29000 % 150)}`);
    expect(tail.lines.at(-1)!.line).toBe(`line 29999 ünïcødé ${'x'.repeat(29999 % 150)}`);
    const all = await readDeployLog(file, 40_000);
    expect(all).toMatchObject({ truncated: false });
    expect(all.lines).toHaveLength(30_000);
    expect(all.lines[0]!.line).toBe('line 0 ünïcødé ');
  });

  it('reads a missing log as empty', async () => {
    expect(await readDeployLog('/nonexistent/x.jsonl')).toEqual({ lines: [], truncated: false });
  });
});
