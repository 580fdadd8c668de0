import { describe, expect, it } from 'vitest';
import {
  agentDirWord,
  agentKeyVariables,
  agentVariables,
  installScript,
  uninstallScript,
} from './agent-scripts.js';

describe('the agent install scripts', () => {
  it('quote the directory, expanding ~/ to the home of the login user', () => {
    expect(agentDirWord('~/.ferry-agent')).toBe('"$HOME"/.ferry-agent');
    expect(agentDirWord('/opt/ferry agent')).toBe("'/opt/ferry agent'");
  });

  it('hand every value from the form to the engine already quoted', () => {
    const vars = agentVariables({
      installPath: '~/a',
      reportUrl: 'http://console:8080',
      intervalS: 15,
      tool: '',
    });
    expect(vars).toEqual({
      AGENT_DIR: '"$HOME"/a',
      AGENT_URL: 'http://console:8080',
      AGENT_INTERVAL: '15',
      AGENT_TOOL: "''",
    });
    expect(agentKeyVariables('k-1', '')).toEqual({ AGENT_KEY: 'k-1', AGENT_OLD_DIR: "''" });
  });

  it('hold the key and the other values as variables only, never as text', () => {
    const script = installScript('echo "1 cpu_usage 1"\n');
    for (const name of ['AGENT_DIR', 'AGENT_KEY', 'AGENT_URL', 'SERVER_ID', 'AGENT_OLD_DIR']) {
      expect(script).toContain(`\${${name}}`);
    }
    expect(uninstallScript()).toContain('agent remove');
  });

  it('refuse a collector holding a word the engine would substitute', () => {
    expect(() => installScript('echo ${SERVER_NAME}\n')).toThrow(/SERVER_/);
    expect(() => installScript('echo x\nFERRY_AGENT_COLLECTOR\n')).toThrow(/FERRY_AGENT_COLLECTOR/);
  });
});
