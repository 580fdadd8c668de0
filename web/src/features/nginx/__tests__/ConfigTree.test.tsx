import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigTree } from '../components/ConfigTree';
import { configTree } from '../utils/configTree';
import { row } from './nginxPageSetup';

const CONF = '/etc/nginx/nginx.conf';
const CONF_D = '/etc/nginx/conf.d';
const SITES = '/etc/nginx/sites-enabled';

const treeOf = (dirs: string[]) =>
  configTree(
    dirs.map((d) => row(d, `${d.slice(d.lastIndexOf('/') + 1)}.conf`)),
    dirs,
    CONF,
  );

const shown = (name: string) => within(screen.getByRole('tree')).queryByText(name) !== null;

describe('ConfigTree', () => {
  it('opens every directory, also one a later listing adds, and keeps a folded one folded', async () => {
    const props = { conf: CONF, loading: false, selected: undefined, onSelect: () => {} };
    const view = render(<ConfigTree {...props} tree={treeOf([CONF_D])} />);
    expect(shown('conf.d.conf')).toBe(true);
    fireEvent.click(screen.getByRole('tree').querySelector('.ant-tree-switcher')!);
    await waitFor(() => expect(shown('conf.d.conf')).toBe(false));
    view.rerender(<ConfigTree {...props} tree={treeOf([CONF_D, SITES])} />);
    await waitFor(() => expect(shown('sites-enabled.conf')).toBe(true));
    expect(shown('conf.d.conf')).toBe(false);
  });
});
