import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemList } from '../ItemList';

const SERVERS = [
  { id: 1, name: 'web-1' },
  { id: 2, name: 'web-2' },
  { id: 3, name: 'db-1' },
];

describe('ItemList', () => {
  it('lists the items under its name, each labelled when asked', () => {
    render(
      <ItemList
        aria-label="Servers"
        items={SERVERS}
        itemKey={(s) => s.id}
        itemLabel={(s) => `Server ${s.name}`}
        renderItem={(s) => <span>{s.name}</span>}
      />,
    );
    const list = within(screen.getByRole('list', { name: 'Servers' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['web-1', 'web-2', 'db-1']);
    expect(list.getByRole('listitem', { name: 'Server db-1' })).toBe(items[2]);
  });

  it('draws a line between the items, none after the last, and none when told', () => {
    const { rerender } = render(
      <ItemList items={SERVERS} renderItem={(s) => s.name} aria-label="Servers" />,
    );
    const lines = () => screen.getAllByRole('listitem').map((li) => li.style.borderBottom !== '');
    expect(lines()).toEqual([true, true, false]);
    expect(screen.getByRole('list').style.border).toBe('');
    rerender(<ItemList items={SERVERS} renderItem={(s) => s.name} split={false} />);
    expect(lines()).toEqual([false, false, false]);
  });

  it('frames a bordered list and insets its items, tighter when small', () => {
    const { rerender } = render(<ItemList items={SERVERS} renderItem={(s) => s.name} bordered />);
    const list = screen.getByRole('list');
    expect(list.style.border).not.toBe('');
    const padding = () => screen.getAllByRole('listitem')[0]!.style.padding;
    const roomy = padding();
    rerender(<ItemList items={SERVERS} renderItem={(s) => s.name} bordered size="small" />);
    expect(padding()).not.toBe(roomy);
    expect(padding()).toMatch(/^\d+px \d+px$/);
    expect(padding()).not.toMatch(/ 0px$/);
  });

  it('says it is empty, in its own words, instead of an empty list', () => {
    render(<ItemList items={[]} renderItem={() => null} emptyText="No servers yet" />);
    expect(screen.getByText('No servers yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
