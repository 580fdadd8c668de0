import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('FERRY_TRUST_PROXY', () => {
  it('is off unless set, and takes addresses, CIDR blocks and range names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ FERRY_TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(
      loadConfig({ FERRY_TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.2', '192.168.0.0/16', '::1', 'loopback']);
  });

  it('refuses anything else, naming the variable and the bad entries', () => {
    for (const bad of ['true', '*', '10.0.0.300', '10.0.0.0/33', 'proxy.example']) {
      expect(() => loadConfig({ FERRY_TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ FERRY_TRUST_PROXY: bad }), bad).toThrow(/FERRY_TRUST_PROXY/);
    }
  });
});

describe('FERRY_PUBLIC_URL', () => {
  it('is unset by default, and an http(s) address without its trailing slash when set', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ FERRY_PUBLIC_URL: 'https://ferry.example.com/' }).publicUrl).toBe(
      'https://ferry.example.com',
    );
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['ferry.example.com', "http://x/'y'", 'ftp://x']) {
      expect(() => loadConfig({ FERRY_PUBLIC_URL: bad })).toThrow(/FERRY_PUBLIC_URL must be/);
    }
  });
});
