import { describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTab, visit, withAffix, type TabView } from '../tabViews';

function tab(path: string, extra: Partial<TabView> = {}): TabView {
  return {
    path,
    fullPath: path,
    name: path,
    titleKey: 'profile',
    affix: false,
    query: '',
    ...extra,
  };
}

const deploy = tab('/deploy/index', { affix: true });
const a = tab('/a');
const b = tab('/b');
const c = tab('/c');

describe('tab views', () => {
  it('appends a new page and updates a known one in place', () => {
    const tabs = visit(visit([a], b), { ...a, fullPath: '/a?page=2', query: 'page=2' });
    expect(tabs.map((t) => t.fullPath)).toEqual(['/a?page=2', '/b']);
  });

  it('puts fixed tabs first and keeps them fixed', () => {
    const tabs = withAffix(
      [a, { ...deploy, affix: false, fullPath: '/deploy/index?x=1' }],
      [deploy],
    );
    expect(tabs.map((t) => [t.fullPath, t.affix])).toEqual([
      ['/deploy/index?x=1', true],
      ['/a', false],
    ]);
  });

  it('closing the page on screen opens the last tab left', () => {
    expect(closeTab([a, b, c], '/c', '/c')).toEqual({ tabs: [a, b], goTo: '/b' });
    expect(closeTab([a, b, c], '/a', '/c')).toEqual({ tabs: [b, c] });
  });

  it('never closes a fixed tab', () => {
    expect(closeTab([deploy, a], '/deploy/index', '/a').tabs).toEqual([deploy, a]);
    expect(closeAll([deploy, a, b], '/b')).toEqual({ tabs: [deploy], goTo: '/deploy/index' });
    expect(closeOthers([deploy, a, b], '/a', '/a')).toEqual({ tabs: [deploy, a] });
  });

  it('close others opens the kept tab when another page was on screen', () => {
    expect(closeOthers([a, b, c], '/a', '/c')).toEqual({ tabs: [a], goTo: '/a' });
  });

  it('closing everything without fixed tabs goes home', () => {
    expect(closeAll([a, b], '/a')).toEqual({ tabs: [], goTo: '/' });
  });
});
