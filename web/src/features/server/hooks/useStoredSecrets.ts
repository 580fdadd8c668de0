import { Form, type FormInstance } from 'antd';
import type { StoredSecrets } from '../components/AuthFields';
import type { ServerFormValues } from '../utils/serverForm';
import type { ServerRow } from '../utils/ServerRow';

const NOTHING: StoredSecrets = {
  password: false,
  privateKey: false,
  passphrase: false,
  passwordDropped: false,
};

/**
 * Which stored secrets an empty field keeps, for the server's login and the jump host's. Mirrors
 * the server's rule (decision 0008). SECURITY: a stored password is only ever sent to the address
 * it was saved for, so once the host, the port or the jump host changes it must be typed again;
 * stored keys stay, since a key login does not reveal the key.
 */
export function useStoredSecrets(
  form: FormInstance<ServerFormValues>,
  server: ServerRow | undefined,
): { target: StoredSecrets; jump: StoredSecrets } {
  // Until the form has its fields (the first render) nothing is watched yet: the row's values
  // are what the fields will hold.
  const ip = Form.useWatch('ip', form) ?? server?.ip;
  const port = Form.useWatch('port', form) ?? server?.port;
  const useJump = Form.useWatch('useJump', form) ?? server?.jumpIP !== '';
  const jumpIP = Form.useWatch('jumpIP', form) ?? server?.jumpIP;
  const jumpPort = Form.useWatch('jumpPort', form) ?? (server?.jumpPort || 22);
  if (!server) return { target: NOTHING, jump: NOTHING };

  const givenJump = useJump ? (jumpIP ?? '').trim() : '';
  const jumpSame = givenJump
    ? givenJump === server.jumpIP && jumpPort === server.jumpPort
    : server.jumpIP === '';
  const targetSame = jumpSame && (ip ?? '').trim() === server.ip && port === server.port;
  return {
    target: {
      password: server.hasPassword && targetSame,
      privateKey: server.hasPrivateKey,
      passphrase: server.hasPassphrase,
      passwordDropped: server.hasPassword && !targetSame,
    },
    jump: {
      password: server.hasJumpPassword && jumpSame,
      privateKey: server.hasJumpPrivateKey,
      passphrase: server.hasJumpPassphrase,
      passwordDropped: server.hasJumpPassword && !jumpSame,
    },
  };
}
