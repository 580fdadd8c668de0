import { describe, expect, it } from 'vitest';
import {
  classifyConnectError,
  classifyForwardError,
  SshError,
  type AttemptContext,
} from './ssh-errors.js';

const ctx: AttemptContext = {
  host: 'web1.example',
  port: 22,
  user: 'deploy',
  authKind: 'password',
  timeoutMs: 5000,
};

/** An error shaped like the ones node:net and ssh2 raise. */
const libraryError = (message: string, extra: Record<string, unknown>) =>
  Object.assign(new Error(message), extra);

describe('classifyConnectError', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 'ssh_refused'],
    [{ code: 'ENOTFOUND' }, 'ssh_dns'],
    [{ code: 'EAI_AGAIN' }, 'ssh_dns'],
    [{ code: 'EHOSTUNREACH' }, 'ssh_unreachable'],
    [{ code: 'ENETUNREACH' }, 'ssh_unreachable'],
    [{ code: 'ETIMEDOUT' }, 'ssh_timeout'],
    [{ level: 'client-timeout' }, 'ssh_timeout'],
    [{ level: 'client-authentication' }, 'ssh_auth'],
    [{ code: 'ECONNRESET', level: 'client-socket' }, 'ssh_closed'],
    [{ level: 'protocol' }, 'ssh_closed'],
  ])('maps %o to %s', (extra, reason) => {
    const err = classifyConnectError(libraryError('boom', extra), ctx);
    expect(err).toBeInstanceOf(SshError);
    expect(err.reason).toBe(reason);
    expect(err.code).toBe(2);
  });

  it('says where and how long for a timeout, and keeps the library error as cause', () => {
    const cause = libraryError('Timed out while waiting for handshake', {
      level: 'client-timeout',
    });
    const err = classifyConnectError(cause, ctx);
    expect(err.message).toContain('web1.example:22 within 5000 ms');
    expect(err.cause).toBe(cause);
  });

  it('keeps the detail of an unexpected failure', () => {
    const err = classifyConnectError(
      libraryError('Handshake failed: no matching key exchange algorithm', { level: 'handshake' }),
      ctx,
    );
    expect(err.message).toContain('no matching key exchange algorithm');
  });
});

describe('classifyForwardError', () => {
  const channelFailure = (description: string, reason: number) =>
    libraryError(`(SSH) Channel open failure: ${description}`, { reason });

  it('blames the jump host when it forbids forwarding', () => {
    const err = classifyForwardError(
      channelFailure('administratively prohibited', 1),
      ctx,
      'j@b:22',
    );
    expect(err.reason).toBe('ssh_jump_failed');
    expect(err.message).toMatch(/does not allow TCP forwarding/);
  });

  it.each([
    ['Connection refused', 'ssh_refused'],
    ['No route to host', 'ssh_unreachable'],
    ['Connection timed out', 'ssh_timeout'],
    ['Name or service not known', 'ssh_dns'],
  ])('keeps the target reason for "%s" seen from the jump host', (description, reason) => {
    const err = classifyForwardError(channelFailure(description, 2), ctx, 'j@b:22');
    expect(err.reason).toBe(reason);
    expect(err.message).toContain('dialled from the jump host j@b:22');
  });

  it('calls any other tunnel failure a jump failure', () => {
    const err = classifyForwardError(channelFailure('open failed', 2), ctx, 'j@b:22');
    expect(err.reason).toBe('ssh_jump_failed');
    expect(err.innerReason).toBe('ssh_closed');
  });
});
