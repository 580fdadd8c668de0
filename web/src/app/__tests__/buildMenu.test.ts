import { Perm } from '@ferry/contract/client';
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { MenuTitleKey } from '../../platform';
import { activeMenuKey } from '../menu/activeMenuKey';
import { buildMenu } from '../menu/buildMenu';
import { firstMenuPath } from '../menu/firstMenuPath';
import { openKeysFor } from '../menu/openKeysFor';
import type { MenuSource } from '../menu/MenuSource';
import { routeToMenuSource } from '../menu/routeToMenuSource';

// Titles only need to be keys for the type; the builder never translates them.
const k = (s: string) => s as MenuTitleKey;
/** A user holding these permissions, not a super manager. */
const holding = (...permissionIds: number[]) => ({ permissionIds, superManager: false });

const tree: MenuSource[] = [
  {
    path: '/deploy',
    meta: { titleKey: k('deploy') },
    children: [
      {
        path: '/deploy/index',
        meta: { titleKey: k('deployIndex'), permissions: [Perm.ShowDeployPage] },
      },
    ],
  },
  {
    path: '/server',
    meta: { titleKey: k('server') },
    children: [
      {
        path: '/server/index',
        meta: { titleKey: k('serverIndex'), permissions: [Perm.ShowServerPage] },
      },
      {
        path: '/server/terminal',
        meta: { titleKey: k('terminal'), permissions: [Perm.ShowTerminalPage] },
      },
      {
        path: '/server/agent',
        meta: { titleKey: k('agent'), hidden: true, permissions: [Perm.ShowServerMonitorPage] },
      },
    ],
  },
  {
    path: '/log',
    meta: { titleKey: k('log') },
    children: [
      {
        path: '/log/loginLog',
        meta: { titleKey: k('loginLog'), permissions: [Perm.ShowLoginLogPage] },
      },
      {
        path: '/log/operationLog',
        meta: { titleKey: k('operationLog'), permissions: [Perm.ShowOperationLogPage] },
      },
    ],
  },
  { path: '/docs', meta: { titleKey: k('docs'), link: 'https://example.org/docs' } },
  { path: '/404', meta: { titleKey: k('notFound'), hidden: true } },
];

const keys = (entries: ReturnType<typeof buildMenu>): unknown =>
  entries.map((e) => (e.children ? { [e.key]: e.children.map((c) => c.key) } : e.key));

describe('buildMenu', () => {
  it('shows a section only when a child is permitted', () => {
    expect(keys(buildMenu(tree, holding(Perm.ShowServerPage, Perm.ShowTerminalPage)))).toEqual([
      { '/server': ['/server/index', '/server/terminal'] },
      '/docs',
    ]);
  });

  it('shows a section with one visible child as that child', () => {
    const menu = buildMenu(tree, holding(Perm.ShowDeployPage, Perm.ShowLoginLogPage));
    expect(keys(menu)).toEqual(['/deploy/index', '/log/loginLog', '/docs']);
    expect(menu[0]?.titleKey).toBe('deployIndex');
  });

  it('skips hidden routes even when permitted', () => {
    const menu = buildMenu(tree, holding(Perm.ShowServerMonitorPage, Perm.ShowServerPage));
    expect(keys(menu)).toEqual(['/server/index', '/docs']);
  });

  it('opens a route to anyone holding any one of its permissions', () => {
    expect(keys(buildMenu(tree, holding(Perm.ShowOperationLogPage)))).toEqual([
      '/log/operationLog',
      '/docs',
    ]);
  });

  it('shows a super managers’ page to super managers alone, whatever the role holds', () => {
    const system: MenuSource[] = [
      {
        path: '/system',
        meta: { titleKey: k('system') },
        children: [
          { path: '/system/consoles', meta: { titleKey: k('consoles'), superManager: true } },
        ],
      },
    ];
    expect(buildMenu(system, holding(...Object.values(Perm)))).toEqual([]);
    expect(keys(buildMenu(system, { permissionIds: [], superManager: true }))).toEqual([
      '/system/consoles',
    ]);
  });

  it('lifts the children of a route without a title', () => {
    const pathless: MenuSource[] = [
      { path: '/', children: [{ path: '/a', meta: { titleKey: k('a') } }] },
    ];
    expect(keys(buildMenu(pathless, holding()))).toEqual(['/a']);
  });

  it('keeps external links and skips them for the home page', () => {
    const menu = buildMenu(tree, holding());
    expect(menu).toEqual([
      expect.objectContaining({ key: '/docs', link: 'https://example.org/docs' }),
    ]);
    expect(firstMenuPath(menu)).toBeUndefined();
    expect(
      firstMenuPath(buildMenu(tree, holding(Perm.ShowTerminalPage, Perm.ShowLoginLogPage))),
    ).toBe('/server/terminal');
  });

  it('finds the sections to open for a page', () => {
    const menu = buildMenu(tree, holding(Perm.ShowServerPage, Perm.ShowTerminalPage));
    expect(openKeysFor(menu, '/server/terminal')).toEqual(['/server']);
    expect(openKeysFor(menu, '/docs')).toEqual([]);
  });
});

describe('routeToMenuSource', () => {
  it('reads paths and meta from TanStack routes and skips index and splat routes', () => {
    const root = createRootRoute();
    const app = createRoute({ getParentRoute: () => root, id: 'app' });
    const index = createRoute({ getParentRoute: () => app, path: '/' });
    const section = createRoute({
      getParentRoute: () => app,
      path: 'log',
      staticData: { meta: { titleKey: k('log') } },
    });
    const sectionIndex = createRoute({ getParentRoute: () => section, path: '/' });
    const page = createRoute({
      getParentRoute: () => section,
      path: 'loginLog',
      staticData: { meta: { titleKey: k('loginLog'), permissions: [Perm.ShowLoginLogPage] } },
    });
    const splat = createRoute({ getParentRoute: () => app, path: '$' });
    // Full paths are computed when a router takes the tree.
    createRouter({
      routeTree: root.addChildren([
        app.addChildren([index, section.addChildren([sectionIndex, page]), splat]),
      ]),
    });

    const sources = routeToMenuSource(app);
    expect(sources).toEqual([
      {
        path: '/log',
        meta: { titleKey: 'log' },
        children: [
          {
            path: '/log/loginLog',
            meta: { titleKey: 'loginLog', permissions: [Perm.ShowLoginLogPage] },
          },
        ],
      },
    ]);
    expect(keys(buildMenu(sources, holding(Perm.ShowLoginLogPage)))).toEqual(['/log/loginLog']);
    expect(buildMenu(sources, holding())).toEqual([]);
  });
});

describe('activeMenuKey', () => {
  it('uses the deepest activeMenu, else the path', () => {
    expect(
      activeMenuKey('/server/agent', [
        { staticData: {} },
        { staticData: { meta: { activeMenu: '/server/index' } } },
      ]),
    ).toBe('/server/index');
    expect(activeMenuKey('/user/profile/', [{ staticData: {} }])).toBe('/user/profile');
  });
});
