import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage, AppProviders } from '../../../platform';
import { JsonTool } from '../tools/JsonTool';

const STORE = JSON.stringify({
  store: { book: [{ title: 'A', price: 8.95 }], 'the bike': { color: 'red' } },
  ok: true,
});

function renderTool(compact = false) {
  render(
    <AppProviders>
      <JsonTool compact={compact} />
    </AppProviders>,
  );
  return screen.getByRole('textbox', { name: 'JSON' });
}

/** Pastes `text` as the box's whole content, as a browser does: paste event, then the change. */
async function paste(text: string) {
  const box = screen.getByRole('textbox', { name: 'JSON' });
  fireEvent.paste(box);
  fireEvent.change(box, { target: { value: text } });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const tree = () => screen.getByRole('tree');
const items = () => [...tree().querySelectorAll('[role="treeitem"]')];
const paths = () => items().map((i) => i.textContent?.split(':')[0]);
/** The label (key) of the row whose key is `key`, which Alt- and Shift-clicks act on. */
const label = (key: string) => {
  const found = [...tree().querySelectorAll('[data-json-label]')].find(
    (l) => l.textContent === key,
  );
  if (!found) throw new Error(`no label ${key}`);
  return found;
};
const rowOf = (key: string) => label(key).closest('[role="treeitem"]') as HTMLElement;
const selectedView = () => document.querySelector('.ant-segmented-item-selected')?.textContent;

describe('JsonTool', () => {
  it('shows a pasted document as a tree at once, with the root open', async () => {
    renderTool();
    expect(selectedView()).toBe('Raw');
    await paste(STORE);
    expect(selectedView()).toBe('Pretty');
    expect(paths()).toEqual(['$', 'store', 'ok']);
    expect(rowOf('store').getAttribute('aria-expanded')).toBe('false');
    expect(rowOf('ok').textContent).toBe('ok: true');
  });

  it('shows the parser message when the input is not JSON', async () => {
    renderTool();
    let expected = '';
    try {
      JSON.parse('{"a":');
    } catch (e) {
      expected = (e as Error).message;
    }
    await paste('{"a":');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This is not valid JSON');
    expect(alert.textContent).toContain(expected);
  });

  it('alerts when the root is neither an object nor an array', async () => {
    renderTool();
    await paste('"just text"');
    const shown = await screen.findAllByText('The root should be an object or an array');
    // The toast and the note in the pretty area.
    expect(shown.length).toBe(2);
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it('alerts in Chinese in Chinese mode', async () => {
    await applyLanguage('zh-CN');
    try {
      render(
        <AppProviders>
          <JsonTool />
        </AppProviders>,
      );
      await paste('42');
      expect((await screen.findAllByText('根节点应为对象或数组')).length).toBe(2);
    } finally {
      await applyLanguage('en');
    }
  });

  it('expands and collapses everything', async () => {
    renderTool();
    await paste(STORE);
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(paths()).toEqual([
      '$',
      'store',
      'book',
      '0',
      'title',
      'price',
      'the bike',
      'color',
      'ok',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(paths()).toEqual(['$', 'store', 'ok']);
    fireEvent.click(label('store'));
    expect(paths()).toEqual(['$', 'store', 'book', 'the bike', 'ok']);
  });

  it('marks a node on Alt-click, unmarks it on the next, and unmarks all', async () => {
    renderTool();
    await paste(STORE);
    fireEvent.click(label('store'), { altKey: true });
    fireEvent.click(label('ok'), { altKey: true });
    expect(rowOf('store').dataset.marked).toBe('true');
    expect(rowOf('store').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(label('store'), { altKey: true });
    expect(rowOf('store').dataset.marked).toBeUndefined();
    expect(rowOf('ok').dataset.marked).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Unmark all' }));
    expect(rowOf('ok').dataset.marked).toBeUndefined();
  });

  it('shows the JSON path of a Shift-clicked node', async () => {
    renderTool();
    await paste(STORE);
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    fireEvent.click(label('title'), { shiftKey: true });
    expect(screen.getByLabelText('JSON path').textContent).toBe('$.store.book[0].title');
    fireEvent.click(label('the bike'), { shiftKey: true });
    expect(screen.getByLabelText('JSON path').textContent).toBe('$.store["the bike"]');
    expect(screen.getByRole('button', { name: 'Copy: JSON path' })).toBeTruthy();
  });

  it('moves, expands and collapses with the arrow keys', async () => {
    renderTool();
    await paste(STORE);
    const view = tree();
    view.focus();
    fireEvent.keyDown(view, { key: 'ArrowDown' });
    expect(view.getAttribute('aria-activedescendant')).toBe(rowOf('store').id);
    fireEvent.keyDown(view, { key: 'ArrowRight' });
    expect(rowOf('store').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(view, { key: 'ArrowRight' });
    expect(view.getAttribute('aria-activedescendant')).toBe(rowOf('book').id);
    fireEvent.keyDown(view, { key: 'ArrowLeft' });
    fireEvent.keyDown(view, { key: 'ArrowLeft' });
    expect(rowOf('store').getAttribute('aria-expanded')).toBe('false');
    expect(paths()).toEqual(['$', 'store', 'ok']);
  });

  it('keeps only the rows in view in the DOM', async () => {
    renderTool();
    const list = Array.from({ length: 2000 }, (_, i) => ({ id: i }));
    await paste(JSON.stringify(list));
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(items().length).toBeLessThan(60);
    expect(items()[0]?.textContent).toBe('$: [2000]');
    const view = tree();
    Object.defineProperty(view, 'scrollTop', { value: 24 * 3000, configurable: true });
    fireEvent.scroll(view);
    expect(items().length).toBeLessThan(60);
    expect(paths()).toContain('1500');
    expect(within(view).queryByText('$')).toBeNull();
  });

  it('shows the document indented by two spaces in the raw view', async () => {
    renderTool();
    await paste('{"a":[1]}');
    fireEvent.click(screen.getByText('Raw'));
    const raw = await screen.findByRole('region', { name: 'Formatted JSON' });
    const lines = [...raw.querySelectorAll('[data-line]')].map((l) => l.textContent);
    expect(lines).toEqual(['{', '  "a": [', '    1', '  ]', '}']);
    expect(screen.getByRole('button', { name: 'Copy: Formatted JSON' })).toBeTruthy();
  });

  it('parses typed text after a pause', async () => {
    const box = renderTool();
    fireEvent.change(box, { target: { value: '[1,2]' } });
    fireEvent.click(screen.getByText('Pretty'));
    await waitFor(() => expect(paths()).toEqual(['$', '0', '1']));
  });

  it('keeps input and output on one screen when compact (the dialog), not on its page', async () => {
    const big = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ i })));
    const full = renderTool();
    expect(full.getAttribute('rows')).toBe('25');
    await paste(big);
    await waitFor(() => expect(tree().style.height).toBe(`${20 * 24 + 2}px`));
    cleanup();

    const short = renderTool(true);
    expect(short.getAttribute('rows')).not.toBe('25');
    await paste(big);
    await waitFor(() => expect(tree().style.height).toBe(`${12 * 24 + 2}px`));
  });
});
