import { describe, expect, it } from 'vitest';
import { replayKeys } from './webhook-replay.js';

const body = Buffer.from('{"ref":"refs/heads/main","after":"' + 'a'.repeat(40) + '"}');
const other = Buffer.from('{"ref":"refs/heads/main","after":"' + 'b'.repeat(40) + '"}');
const shared = (a: string[], b: string[]) => a.some((k) => b.includes(k));

describe('replayKeys', () => {
  it('keys GitHub on its delivery id and on the signed body, so a new id header does not help', () => {
    const first = replayKeys('github', { 'x-github-delivery': 'd-1' }, body);
    expect(first).toHaveLength(2);
    expect(shared(first, replayKeys('github', { 'x-github-delivery': 'd-2' }, body))).toBe(true);
    expect(shared(first, replayKeys('github', {}, body))).toBe(true);
    expect(shared(first, replayKeys('github', { 'x-github-delivery': 'd-1' }, other))).toBe(true);
    expect(shared(first, replayKeys('github', { 'x-github-delivery': 'd-2' }, other))).toBe(false);
  });

  it('keys GitLab on its Idempotency-Key, else its event UUID, else the body', () => {
    const both = { 'idempotency-key': 'k-1', 'x-gitlab-event-uuid': 'u-1' };
    expect(replayKeys('gitlab', both, body)).toEqual(replayKeys('gitlab', both, other));
    expect(replayKeys('gitlab', both, body)).not.toEqual(
      replayKeys('gitlab', { ...both, 'idempotency-key': 'k-2' }, body),
    );
    const uuid = { 'x-gitlab-event-uuid': 'u-1' };
    expect(replayKeys('gitlab', uuid, body)).toEqual(replayKeys('gitlab', uuid, other));
    expect(replayKeys('gitlab', {}, body)).not.toEqual(replayKeys('gitlab', {}, other));
    // The webhook's own UUID is the same for every delivery of that hook: never a key.
    const hook = { 'x-gitlab-webhook-uuid': 'w-1' };
    expect(replayKeys('gitlab', hook, body)).not.toEqual(replayKeys('gitlab', hook, other));
  });

  it('keys Gitee on its signed timestamp, SVN and Codeup on their body, each provider apart', () => {
    const at = (ts: string) => ({ 'x-gitee-timestamp': ts, 'x-gitee-token': 'sig' });
    expect(replayKeys('gitee', at('1'), body)).toEqual(replayKeys('gitee', at('1'), other));
    expect(replayKeys('gitee', at('1'), body)).not.toEqual(replayKeys('gitee', at('2'), body));
    expect(replayKeys('svn', {}, body)).not.toEqual(replayKeys('svn', {}, other));
    expect(replayKeys('svn', {}, body)).not.toEqual(replayKeys('codeup', {}, body));
    for (const key of replayKeys('gitee', at('1'), body)) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});
