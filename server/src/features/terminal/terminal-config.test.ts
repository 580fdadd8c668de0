import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('the terminal settings', () => {
  it('default to a 30-minute idle limit and output-only recordings', () => {
    expect(loadConfig({}).terminal).toEqual({ idleMs: 30 * 60_000, recordInput: false });
  });

  it('read the idle limit in minutes and the keystroke switch', () => {
    const config = loadConfig({
      FERRY_TERMINAL_IDLE_MINUTES: '1440',
      FERRY_TERMINAL_RECORD_INPUT: 'yes',
    });
    expect(config.terminal).toEqual({ idleMs: 1440 * 60_000, recordInput: true });
  });

  it('name the variable and the rule for a bad value', () => {
    for (const bad of ['0', '1441', '2.5', 'soon']) {
      expect(() => loadConfig({ FERRY_TERMINAL_IDLE_MINUTES: bad })).toThrow(
        /FERRY_TERMINAL_IDLE_MINUTES must be an integer from 1 to 1440/,
      );
    }
    expect(() => loadConfig({ FERRY_TERMINAL_RECORD_INPUT: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ FERRY_TERMINAL_RECORD_INPUT: 'maybe' })).toThrow(
      /FERRY_TERMINAL_RECORD_INPUT must be true or false/,
    );
  });
});
