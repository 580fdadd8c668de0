import { Perm } from '@ferry/contract/client';
import { loggedIn } from '../../../test/loggedIn';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';

/** Every permission of the page and its actions. */
export const ALL = [
  Perm.ShowServerNginxPage,
  Perm.ManageServerNginx,
  Perm.AddNginxConfig,
  Perm.EditNginxConfig,
  Perm.DeleteNginxConfig,
];

export const CONF_DIR = '/home/deploy/nginx/conf';
export const SITES = `${CONF_DIR}/sites`;

/** A row of the file list; `link` and `linkOut` as the server marks a symbolic link. */
export const row = (dir: string, name: string, enabled = true, link = '', linkOut = false) => ({
  name,
  dir,
  enabled,
  size: 120,
  mode: link ? 'lrwxrwxrwx' : '-rw-r--r--',
  modTime: '2026-03-01 12:00:00',
  link,
  linkOut,
});

/** A server whose nginx runs from the user's home, with a site, a disabled one and the main file. */
export const PATH_ANSWER = {
  path: '/usr/sbin/nginx',
  prefix: '/home/deploy/nginx',
  conf: `${CONF_DIR}/nginx.conf`,
  errorLog: '',
  candidates: [
    {
      path: '/usr/sbin/nginx',
      prefix: '/home/deploy/nginx',
      conf: `${CONF_DIR}/nginx.conf`,
      errorLog: '',
      pid: 400,
      user: 'deploy',
    },
  ],
  systemd: false,
};

export const LIST_ANSWER = {
  list: [
    row(CONF_DIR, 'nginx.conf'),
    row(SITES, 'app.conf'),
    row(SITES, 'old.conf.disabled', false),
  ],
  conf: `${CONF_DIR}/nginx.conf`,
  dirs: [CONF_DIR, SITES],
};

export const APP_CONF = 'server {\n    listen 127.0.0.1:18080;\n    return 200 "v1";\n}\n';

/** The answer of a write that `nginx -t` refused, naming `file` and `line` (or none). */
export const refusedByNginx = (output: string, file = '', line = 0) => [
  {
    code: 2,
    message: 'nginx -t failed',
    reason: 'nginx_test_failed',
    data: { output, file, line },
  },
];

/** Opens `/server/nginx?serverId=1` on server web-1 with `routes` over the defaults. */
export function openNginxPage(routes: FakeRoutes, permissionIds: readonly number[] = ALL) {
  const net = loggedIn({
    permissionIds,
    routes: {
      '/server/getOption': [
        {
          code: 0,
          data: { list: [{ id: 1, name: 'web-1', ip: '10.0.0.1', port: 22, description: '' }] },
        },
      ],
      '/server/getNginxPath': [{ code: 0, data: PATH_ANSWER }],
      '/server/getNginxConfigList': [{ code: 0, data: LIST_ANSWER }],
      '/server/getNginxConfigContent': [
        { code: 0, data: { content: APP_CONF, hash: 'a'.repeat(64), exact: true } },
      ],
      ...routes,
    },
  });
  const { router } = renderApp('/server/nginx?serverId=1');
  return { ...net, router };
}
