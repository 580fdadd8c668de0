// Shared helpers of the two README commands: install what is missing, run steps, report.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a command from an argument array, inheriting output; resolves with its exit code. A stop
 * signal to this process is passed on, so the command (the console) drains and ends rather than
 * being left behind.
 */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    const forward = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const s of signals) process.on(s, forward);
    child.on('close', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
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
  // Packages such as nginx and cron start their service when installed (nginx as root on port
  // 80): the tests start their own, so a policy-rc.d answering "not now" keeps them stopped.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const r = spawnSync(
      'apt-get',
      ['install', '-y', '-qq', '--no-install-recommends', ...missing],
      { stdio: 'inherit', env },
    );
    return r.status === 0;
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
}

/**
 * `npm ci` when node_modules is missing or older than the lockfile; `npm rebuild` when its native
 * modules were built for another Node ABI (NODE_MODULE_VERSION), e.g. after a move from Node 20.
 */
export async function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const abiFile = path.join(root, 'node_modules', '.ferry-node-abi');
  const abi = `${process.versions.modules} ${process.platform}-${process.arch}`;
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  const builtFor = fs.existsSync(abiFile) ? fs.readFileSync(abiFile, 'utf8').trim() : undefined;
  if (fresh && builtFor === abi) return 0;
  if (fresh && builtFor === undefined && nativeModulesLoad()) {
    fs.writeFileSync(abiFile, abi + '\n');
    return 0;
  }
  let code;
  const env = { ...process.env, ...ownHeaders() };
  if (fresh) {
    console.log(`Rebuilding native modules for Node ${process.versions.node} (npm rebuild) …`);
    code = await run('npm', ['rebuild'], { env });
  } else {
    console.log('Installing npm packages (npm ci) …');
    code = await run('npm', ['ci', '--no-audit', '--no-fund'], { env });
  }
  if (code !== 0) return code;
  if (!nativeModulesLoad()) {
    console.error(`The native modules do not load in Node ${process.versions.node}.`);
    return 1;
  }
  fs.writeFileSync(abiFile, abi + '\n');
  return 0;
}

/**
 * Native modules compile against the headers of the Node that runs this script when it ships
 * them (the official tarball does, in include/node), whatever `nodedir` the user's npm config
 * names (a system Node's headers would build for another ABI).
 */
function ownHeaders() {
  const prefix = path.dirname(path.dirname(process.execPath));
  return fs.existsSync(path.join(prefix, 'include', 'node', 'node.h'))
    ? { npm_config_nodedir: prefix }
    : {};
}

/** Whether the native modules load in this Node (a module built for another ABI throws). */
function nativeModulesLoad() {
  const probe =
    "const r = require('node:module').createRequire(process.cwd() + '/');" +
    "new (r('better-sqlite3'))(':memory:').close();" +
    "try { r.resolve('cpu-features') } catch { process.exit(0) } r('cpu-features');";
  const server = path.join(root, 'server');
  return spawnSync(process.execPath, ['-e', probe], { cwd: server, stdio: 'ignore' }).status === 0;
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

/** The compiled server `npm start` runs; `node --enable-source-maps` maps its stack traces. */
export const serverEntry = path.join('server', 'dist', 'main.mjs');
/** The goploy import, built beside the console. */
export const importEntry = path.join('server', 'dist', 'import-goploy.mjs');

/**
 * Builds a tsdown workspace (`dir`, package `pkg`) when one of its `outputs` is missing or older
 * than its sources, the contract's, its build configuration or its package file.
 */
async function ensureWorkspaceBuild(dir, pkg, outputs, what) {
  const files = outputs.map((entry) => path.join(root, entry));
  const built = Math.min(...files.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const sources = Math.max(
    newestMtime(path.join(root, dir, 'src')),
    newestMtime(path.join(root, 'contract', 'src')),
    fs.statSync(path.join(root, dir, 'tsdown.config.ts')).mtimeMs,
    fs.statSync(path.join(root, dir, 'package.json')).mtimeMs,
  );
  if (built >= sources) return 0;
  console.log(`Building ${what} …`);
  return run('npm', ['run', 'build', '-w', pkg]);
}

/** Builds the server when its output is missing or older than its sources or the contract. */
export const ensureServerBuild = () =>
  ensureWorkspaceBuild('server', '@ferry/server', [serverEntry, importEntry], 'the server');

/** The `ferry` command's bundle, which `npx ferry` runs from a checkout. */
export const cliBundle = path.join('cli', 'dist', 'ferry.mjs');

/** Builds the `ferry` command when its bundle is missing or older than its sources or the contract. */
export const ensureCliBuild = () =>
  ensureWorkspaceBuild('cli', '@ferry/cli', [cliBundle], 'the ferry command');
