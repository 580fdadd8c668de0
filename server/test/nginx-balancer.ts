import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { NGINX_BINARY } from './nginx-fixtures.js';

/** A free loopback port (taken and given back at once). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Debian's nginx in front of several consoles, as the README's "Several consoles" section sets it
 * up: round robin, no sticky sessions, WebSocket upgrades passed through.
 */
export async function startBalancer(dir: string, upstreams: readonly string[]) {
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const servers = upstreams.map((u) => `    server ${new URL(u).host};`).join('\n');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (k) => `  ${k}_temp_path ${dir}/${k};`,
      ),
      '  upstream ferry {',
      servers,
      '  }',
      '  map $http_upgrade $connection_upgrade { default upgrade; "" close; }',
      '  server {',
      `    listen 127.0.0.1:${port};`,
      '    location / {',
      '      proxy_pass http://ferry;',
      '      proxy_http_version 1.1;',
      '      proxy_set_header Host $host;',
      '      proxy_set_header Upgrade $http_upgrade;',
      '      proxy_set_header Connection $connection_upgrade;',
      '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      '      proxy_read_timeout 1h;',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ['-e', path.join(dir, 'logs', 'error.log'), '-p', dir, '-c', conf],
    { stdio: 'ignore' },
  );
  // Up once it answers on its port.
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100 || child.exitCode !== null) {
      throw new Error(
        `nginx did not start: ${fs.readFileSync(path.join(dir, 'logs', 'error.log'), 'utf8')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}
