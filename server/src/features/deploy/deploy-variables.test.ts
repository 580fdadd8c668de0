import { describe, expect, it } from 'vitest';
import {
  customVariables,
  projectServersVariable,
  serverVariables,
  substitute,
} from './deploy-variables.js';

const server = {
  id: 4,
  name: 'web-1',
  ip: '10.0.0.4',
  port: 2222,
  owner: 'deploy',
  keyPath: '/keys/id',
  jump: null,
};

describe('deploy variables', () => {
  it('replaces known ${NAME}s once and leaves the shell its own', () => {
    const vars = { A: '${B}', B: 'b' };
    expect(substitute('x ${A} ${B} ${HOME} $A', vars)).toBe('x ${B} b ${HOME} $A');
  });

  it('gives list variables their first option unless the publish chose one', () => {
    const defined = [
      { name: 'COLOR', value: 'blue, green', type: 'list' },
      { name: 'LEVEL', value: 'debug', type: 'string' },
    ];
    expect(customVariables(defined, [])).toEqual({ COLOR: 'blue', LEVEL: 'debug' });
    expect(customVariables(defined, [{ name: 'COLOR', value: 'green' }])).toMatchObject({
      COLOR: 'green',
    });
  });

  it('describes servers without any secret', () => {
    expect(serverVariables(server)).toMatchObject({
      SERVER_ID: '4',
      SERVER_PORT: '2222',
      SERVER_JUMP_IP: '',
    });
    expect(Object.keys(serverVariables(server)).some((k) => k.includes('PASSWORD'))).toBe(false);
    expect(JSON.parse(projectServersVariable([server]).PROJECT_SERVERS!)).toEqual([
      {
        serverId: 4,
        serverName: 'web-1',
        serverIp: '10.0.0.4',
        serverPort: 2222,
        serverOwner: 'deploy',
      },
    ]);
  });
});
