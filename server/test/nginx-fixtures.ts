import fs from 'node:fs';
import path from 'node:path';
import { homeOf, userDir, userFile } from './remote-files.js';
import type { SshdServer } from './sshd-fleet.js';

/** Debian's nginx, run in the tests as a fleet server's user. */
export const NGINX_BINARY = '/usr/sbin/nginx';

/** An nginx prefix in a fleet user's home: its main configuration, includes and logs. */
export interface NginxPrefix {
  prefix: string;
  conf: string;
  errorLog: string;
  /** `conf.d`, included as `conf.d/*.conf`. */
  confD: string;
  sitesAvailable: string;
  sitesEnabled: string;
  /** The shell command line that starts it as its user (daemon, pid file inside the prefix). */
  start: string;
}

/** A server block answering `text` on 127.0.0.1:`port`. */
export const siteConf = (port: number, text: string) =>
  `server {\n    listen 127.0.0.1:${port};\n    location / {\n        return 200 "${text}\\n";\n    }\n}\n`;

/**
 * Writes a prefix under the user's home (`<home>/<name>`), owned by the user: `nginx.conf` with
 * every path inside the prefix, `conf.d/*.conf` and `sites-enabled/*` included, and `conf.d/app.conf`
 * answering "v1" on `port`.
 */
export function nginxPrefix(sshd: SshdServer, name: string, port: number): NginxPrefix {
  const prefix = path.join(homeOf(sshd), name);
  const conf = path.join(prefix, 'conf', 'nginx.conf');
  const confD = path.join(prefix, 'conf', 'conf.d');
  const sitesAvailable = path.join(prefix, 'conf', 'sites-available');
  const sitesEnabled = path.join(prefix, 'conf', 'sites-enabled');
  const errorLog = path.join(prefix, 'logs', 'error.log');
  for (const d of [
    confD,
    sitesAvailable,
    sitesEnabled,
    path.join(prefix, 'logs'),
    path.join(prefix, 'tmp'),
  ]) {
    userDir(sshd, d);
  }
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `    ${k}_temp_path ${prefix}/tmp/${k};`)
    .join('\n');
  userFile(
    sshd,
    conf,
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${errorLog};`,
      'events { worker_connections 64; }',
      'http {',
      '    access_log off;',
      temps,
      '    include conf.d/*.conf;',
      '    include sites-enabled/*;',
      '}',
      '',
    ].join('\n'),
  );
  userFile(sshd, path.join(confD, 'app.conf'), siteConf(port, 'v1'));
  const start = `${NGINX_BINARY} -e ${errorLog} -p ${prefix} -c ${conf}`;
  return { prefix, conf, errorLog, confD, sitesAvailable, sitesEnabled, start };
}

/** What a file of the prefix holds now, or null when it is not there. */
export const fileText = (file: string): string | null =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;

/** What the test nginx answers on `port`, or the error's code when nothing answers. */
export async function answerOf(port: number): Promise<string> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
    return (await r.text()).trim();
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'failed';
  }
}

/** Waits until `port` answers `expected` (nginx's workers take a moment after a reload). */
export async function waitForAnswer(port: number, expected: string): Promise<string> {
  let last = '';
  for (let i = 0; i < 100; i++) {
    last = await answerOf(port);
    if (last === expected) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}
