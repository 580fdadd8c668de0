import { describe, expect, it } from 'vitest';
import { resolveConnection } from './connection.js';

const env = {
  FERRY_URL: 'https://deploy.example.com/',
  FERRY_API_KEY: 'k3y',
  FERRY_NAMESPACE: '2',
};

describe('resolveConnection', () => {
  it('reads the environment, and flags before it', () => {
    expect(resolveConnection({}, env)).toEqual({
      url: 'https://deploy.example.com',
      apiKey: 'k3y',
      namespaceId: 2,
    });
    expect(
      resolveConnection({ url: 'http://127.0.0.1:8080', 'api-key': 'other', namespace: '7' }, env),
    ).toEqual({ url: 'http://127.0.0.1:8080', apiKey: 'other', namespaceId: 7 });
  });

  it('keeps a path prefix of a console behind a proxy', () => {
    expect(resolveConnection({ url: 'https://example.com/ferry/' }, env).url).toBe(
      'https://example.com/ferry',
    );
  });

  it.each([
    [{ FERRY_URL: '' }, /FERRY_URL or pass --url/],
    [{ FERRY_URL: 'ftp://example.com' }, /http:\/\/ or https:\/\//],
    [{ FERRY_URL: 'https://u:p@example.com' }, /no user, password or query/],
    [{ FERRY_URL: 'https://example.com/?X-API-KEY=1' }, /no user, password or query/],
    [{ FERRY_API_KEY: '' }, /set FERRY_API_KEY/],
    [{ FERRY_NAMESPACE: '' }, /set FERRY_NAMESPACE/],
    [{ FERRY_NAMESPACE: 'default' }, /must be a namespace id/],
  ])('refuses %j', (change, message) => {
    expect(() => resolveConnection({}, { ...env, ...change })).toThrow(message);
  });

  it('never repeats the key in its messages', () => {
    expect(() =>
      resolveConnection({}, { ...env, FERRY_API_KEY: 'secret-key', FERRY_NAMESPACE: 'x' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret-key') }));
  });
});
