// Shared helpers of the two README commands: install what is missing, run steps, report.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command from an argument array, inheriting output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function has(command) {
  return (
    spawnSync('sh', ['-c', `command -v "$1"`, 'sh', command], { stdio: 'ignore' }).status === 0
  );
}

/** Installs Debian packages for missing programs, when running as root with apt. */
export function ensureDebianPackages(wanted) {
  const missing = wanted
    .filter((w) => !fs.existsSync(w.path) && !has(w.command ?? w.path))
    .map((w) => w.pkg);
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    console.warn(`Missing system packages (install them, or run as root): ${missing.join(' ')}`);
    return false;
  }
  console.log(`Installing ${missing.join(' ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  return r.status === 0;
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export async function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return 0;
  console.log('Installing npm packages (npm ci) …');
  return run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Newest modification time of the files below `dir` (skipping node_modules and dist). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its output is missing or older than its sources or the contract. */
export async function ensureWebBuild() {
  if (!fs.existsSync(path.join(root, 'web', 'index.html'))) return 0;
  const index = path.join(root, 'web', 'dist', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'web')),
    newestMtime(path.join(root, 'contract')),
  );
  if (built >= sources) return 0;
  console.log('Building the web app …');
  return run('npm', ['run', 'build', '-w', '@ferry/web']);
}
