import { describe, expect, it } from 'vitest';
import { previousRelease, type PreviewRow } from './previous-release.js';

const row = (token: string, extra: Partial<PreviewRow> = {}): PreviewRow => ({
  token,
  projectId: 1,
  publisherId: 1,
  publisherName: 'admin',
  state: 1,
  ext: `${token}-commit`,
  branch: 'origin/main',
  message: '',
  tag: '',
  status: 'succeeded',
  kind: 'publish',
  current: false,
  insertTime: '',
  updateTime: '',
  ...extra,
});

describe('previousRelease', () => {
  it('is the first succeeded publish older than the live one', () => {
    const history = [
      row('t5', { status: 'failed', state: 0 }),
      row('t4', { current: true }),
      row('t3', { status: 'cancelled', state: 0 }),
      row('t2', { kind: 'rollback' }),
      row('t1'),
    ];
    expect(previousRelease(history)?.token).toBe('t1');
  });

  it('steps further back after a rollback, never back and forth', () => {
    // t4 re-linked t2's release: both rows are current; the release before it is t1's.
    const history = [
      row('t4', { kind: 'rollback', current: true }),
      row('t3'),
      row('t2', { current: true }),
      row('t1'),
    ];
    expect(previousRelease(history)?.token).toBe('t1');
  });

  it('takes the newest succeeded deploy as the live one when none is marked', () => {
    expect(previousRelease([row('t3', { status: 'failed' }), row('t2'), row('t1')])?.token).toBe(
      't1',
    );
  });

  it('is undefined with only one release', () => {
    expect(previousRelease([row('t1', { current: true })])).toBeUndefined();
    expect(previousRelease([])).toBeUndefined();
  });
});
