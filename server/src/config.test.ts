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
