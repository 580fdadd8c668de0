import type { Variables } from '../../core/variables.js';
import type { ServerFacts } from './server.api.js';

/**
 * The server variables of deploy scripts and remote runs (`${SERVER_NAME}`…). SECURITY: built
 * from the facts alone, so no password or passphrase is ever a variable.
 */
export function serverVariables(s: ServerFacts): Variables {
  return {
    SERVER_ID: String(s.id),
    SERVER_NAME: s.name,
    SERVER_IP: s.ip,
    SERVER_PORT: String(s.port),
    SERVER_OWNER: s.owner,
    SERVER_PATH: s.keyPath,
    SERVER_JUMP_IP: s.jump?.ip ?? '',
    SERVER_JUMP_PORT: s.jump ? String(s.jump.port) : '',
    SERVER_JUMP_OWNER: s.jump?.owner ?? '',
    SERVER_JUMP_PATH: s.jump?.keyPath ?? '',
  };
}
