import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentSign, signedQuery, signedWith } from './agent-sign.js';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const raw = Buffer.from(
  '{"serverId":1,"type":1,"item":"cpu_usage","value":"1.00","reportTime":"2026-11-27 10:00"}\n',
);

describe('the agent signature', () => {
  it("is goploy's: base64url of SHA-256(body + timestamp + key) with its padding", () => {
    const digest = createHash('sha256').update(`${raw.toString()}1700000000key`).digest();
    const sign = agentSign(raw, '1700000000', 'key');
    expect(sign).toBe(`${digest.toString('base64url')}=`);
    expect(sign).toMatch(/^[A-Za-z0-9_-]{43}=$/);
  });

  it('verifies the body, timestamp and key it was made with, and nothing else', () => {
    const sign = agentSign(raw, '1700000000', 'key');
    expect(signedWith(raw, '1700000000', sign, 'key')).toBe(true);
    expect(signedWith(raw, '1700000000', sign, 'other')).toBe(false);
    expect(signedWith(raw, '1700000001', sign, 'key')).toBe(false);
    expect(signedWith(Buffer.from(`${raw.toString()} `), '1700000000', sign, 'key')).toBe(false);
  });

  it('takes a timestamp within 30 s of the clock either way, and a well-formed sign', () => {
    const sign = agentSign(raw, '1', 'key');
    const at = (s: number) => ({ timestamp: String(NOW / 1000 + s), sign });
    expect(signedQuery(at(30), NOW)?.seconds).toBe(NOW / 1000 + 30);
    expect(signedQuery(at(-30), NOW)).toBeDefined();
    expect(signedQuery(at(31), NOW)).toBeUndefined();
    expect(signedQuery(at(-31), NOW)).toBeUndefined();
    expect(signedQuery({ timestamp: '1.5', sign }, NOW)).toBeUndefined();
    expect(signedQuery({ timestamp: String(NOW / 1000), sign: 'abc' }, NOW)).toBeUndefined();
    expect(signedQuery({ timestamp: String(NOW / 1000) }, NOW)).toBeUndefined();
    expect(signedQuery({ timestamp: String(NOW / 1000), sign: sign.slice(0, -1) }, NOW)?.sign).toBe(
      sign,
    );
  });
});
