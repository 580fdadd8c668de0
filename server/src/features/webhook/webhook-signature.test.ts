import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pushTarget, sameBranch } from './webhook-push.js';
import { GITEE_MAX_SKEW_MS, readDelivery, verifySignature } from './webhook-signature.js';

const SECRET = 'w3bh00k-secret';
const NOW = 1_700_000_000_000;
const giteeSign = (ts: number) =>
  createHmac('sha256', SECRET).update(`${ts}\n${SECRET}`).digest('base64');
const gitee = (token: string, ts: number) =>
  verifySignature('gitee', SECRET, {
    headers: { 'x-gitee-token': token, 'x-gitee-timestamp': String(ts) },
    raw: Buffer.alloc(0),
    queryToken: undefined,
    now: NOW,
  });

describe('verifySignature', () => {
  it("takes Gitee's sign plain or URL-encoded, within 5 minutes either way", () => {
    expect(gitee(giteeSign(NOW), NOW)).toBeUndefined();
    expect(gitee(encodeURIComponent(giteeSign(NOW)), NOW)).toBeUndefined();
    const late = NOW - GITEE_MAX_SKEW_MS - 1;
    expect(gitee(giteeSign(late), late)).toBe('signature_expired');
    const ahead = NOW + GITEE_MAX_SKEW_MS + 1;
    expect(gitee(giteeSign(ahead), ahead)).toBe('signature_expired');
    expect(gitee(giteeSign(NOW), NOW + 1)).toBe('signature_invalid');
    const minutes = (m: number) => NOW + m * 60_000;
    expect(gitee(giteeSign(minutes(-4.9)), minutes(-4.9))).toBeUndefined();
    expect(gitee(giteeSign(minutes(4.9)), minutes(4.9))).toBeUndefined();
    expect(gitee(giteeSign(minutes(-6)), minutes(-6))).toBe('signature_expired');
    expect(gitee(giteeSign(minutes(6)), minutes(6))).toBe('signature_expired');
  });

  it("checks GitHub's HMAC over the exact bytes received", () => {
    const raw = Buffer.from('{"ref":"refs/heads/main"}');
    const sig = createHmac('sha256', SECRET).update(raw).digest('hex');
    const github = (body: Buffer) =>
      verifySignature('github', SECRET, {
        headers: { 'x-hub-signature-256': `sha256=${sig.toUpperCase()}` },
        raw: body,
        queryToken: undefined,
        now: NOW,
      });
    expect(github(raw)).toBeUndefined();
    expect(github(Buffer.from('{"ref": "refs/heads/main"}'))).toBe('signature_invalid');
  });
});

describe('readDelivery and pushTarget', () => {
  it('tells the provider by its event header, and nothing from none', () => {
    expect(readDelivery({ 'x-gitlab-event': 'Push Hook', 'x-gitlab-event-uuid': 'u-1' })).toEqual({
      provider: 'gitlab',
      event: 'Push Hook',
      deliveryId: 'u-1',
    });
    expect(readDelivery({})).toEqual({ provider: 'unknown', event: '', deliveryId: '' });
  });

  it('keeps every segment of a branch name and refuses tags and deleted branches', () => {
    expect(pushTarget('github', { ref: 'refs/heads/release/2024/05' })).toEqual({
      branch: 'release/2024/05',
      commit: '',
    });
    expect(pushTarget('svn', { ref: 'branches/x' })).toEqual({ branch: 'branches/x', commit: '' });
    expect(pushTarget('gitlab', { ref: 'refs/tags/v1' })).toMatchObject({ refused: 'tag_push' });
    expect(pushTarget('github', { ref: 'refs/heads/x', after: '0'.repeat(40) })).toMatchObject({
      refused: 'branch_deleted',
    });
    expect(pushTarget('github', {})).toMatchObject({ refused: 'branch_missing' });
    expect(sameBranch('feature/x', 'origin/feature/x')).toBe(true);
    expect(sameBranch('x', 'feature/x')).toBe(false);
  });
});
