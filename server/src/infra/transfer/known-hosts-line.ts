/**
 * An OpenSSH `known_hosts` line for a raw host key blob (SSH wire format), naming the host the way
 * ssh looks it up: `host` for port 22, `[host]:port` otherwise. The key type is the first SSH
 * string inside the blob (uint32 length, then the bytes).
 * @throws Error when the blob does not start with a plausible key type.
 */
export function knownHostsLine(host: string, port: number, key: Buffer): string {
  // SECURITY: the line goes into a file ssh parses; a host with spaces or line breaks could add
  // names or whole lines, so only the characters of host names and IP addresses pass.
  if (!/^[A-Za-z0-9._:-]+$/.test(host)) throw new Error(`not a host name or address: ${host}`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`bad port: ${port}`);
  const name = port === 22 ? host : `[${host}]:${port}`;
  return `${name} ${keyType(key)} ${key.toString('base64')}`;
}

function keyType(key: Buffer): string {
  if (key.length < 4) throw new Error('the host key blob is too short');
  const length = key.readUInt32BE(0);
  const type = key.subarray(4, 4 + length).toString('latin1');
  if (length === 0 || 4 + length > key.length || !/^[A-Za-z0-9@._+-]+$/.test(type)) {
    throw new Error('the host key blob does not start with a key type');
  }
  return type;
}
