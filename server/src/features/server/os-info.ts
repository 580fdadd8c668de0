import type { Client } from 'ssh2';
import { execSsh } from '../../infra/ssh/exec.js';

/*
 * goploy's `PRETTY_NAME|cpu count|MemTotal kB`, in one round trip. A fixed script: nothing of the
 * server's settings goes into it. /etc/os-release is read, not sourced, so its content never runs.
 */
const SCRIPT = [
  `name=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release 2>/dev/null | head -n 1 | tr -d '"')`,
  'cpus=$(nproc 2>/dev/null)',
  `mem=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null)`,
  `printf '%s|%s|%s\\n' "$name" "$cpus" "$mem"`,
].join('\n');

const MAX_LENGTH = 255; // the os_info column

/** The server's OS, CPU count and memory; '' when they cannot be read (Windows, a timeout). */
export async function collectOsInfo(client: Client, timeoutMs = 10_000): Promise<string> {
  try {
    const result = await execSsh(client, { script: SCRIPT }, { timeoutMs });
    if (result.code !== 0) return '';
    const line = result.stdout.split('\n')[0]?.trim() ?? '';
    return line === '||' ? '' : line.slice(0, MAX_LENGTH);
  } catch {
    return '';
  }
}
