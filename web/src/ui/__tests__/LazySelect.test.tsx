import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const OPTIONS = [
  { value: 1, label: 'Development' },
  { value: 3, label: 'Test' },
];

/** A fresh copy of the module: nothing of antd's select fetched yet. */
async function freshLazySelect() {
  vi.resetModules();
  return (await import('../LazySelect')).LazySelect;
}

const antdSelect = () => document.querySelector('.ant-select');

describe('LazySelect', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('stands in as an empty box until pressed, then opens the select in its place', async () => {
    const LazySelect = await freshLazySelect();
    const onChange = vi.fn();
    render(
      <LazySelect
        aria-label="Filter by environment"
        placeholder="Environment"
        options={OPTIONS}
        onChange={onChange}
        style={{ width: 160 }}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Filter by environment' });
    expect(box.textContent).toBe('Environment');
    expect(box.style.width).toBe('160px');
    expect(antdSelect()).toBeNull();

    fireEvent.mouseDown(box);
    fireEvent.click(await screen.findByTitle('Test'));
    expect(onChange).toHaveBeenCalledWith(3, expect.anything());
    expect(antdSelect()).not.toBeNull();
  });

  it('is the select at once when it holds a value, or once preloaded', async () => {
    const LazySelect = await freshLazySelect();
    render(<LazySelect aria-label="Environment" options={OPTIONS} value={3} />);
    await vi.waitFor(() => expect(antdSelect()).not.toBeNull(), { timeout: 5000 });
    expect(screen.getByTitle('Test')).toBeTruthy();

    const Preloaded = await freshLazySelect();
    await Preloaded.preload();
    document.body.innerHTML = '';
    render(<Preloaded aria-label="Labels" options={OPTIONS} mode="multiple" />);
    expect(antdSelect()).not.toBeNull();
  });

  it('becomes the select when the pointer comes over it', async () => {
    const LazySelect = await freshLazySelect();
    render(<LazySelect aria-label="Labels" placeholder="Labels" options={OPTIONS} />);
    fireEvent.pointerEnter(screen.getByRole('combobox', { name: 'Labels' }));
    await vi.waitFor(() => expect(antdSelect()).not.toBeNull(), { timeout: 5000 });
    expect(screen.queryByTitle('Test')).toBeNull();
  });
});
