import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from '../lazyDialog';

function Hello({ open }: { open: boolean }) {
  return <p>{open ? 'open' : 'closed'}</p>;
}

describe('lazyDialog', () => {
  it('loads nothing until first opened, then keeps the dialog mounted', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Dialog = lazyDialog(load);
    const view = render(<Dialog open={false} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('closed')).toBeNull();

    view.rerender(<Dialog open />);
    expect(await screen.findByText('open')).toBeTruthy();
    view.rerender(<Dialog open={false} />);
    expect(screen.getByText('closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens at once when preloaded, and retries a failed load at the next opening', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Dialog = lazyDialog(load);
    const view = render(<Dialog open />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('open')).toBeNull();

    view.rerender(<Dialog open={false} />);
    view.rerender(<Dialog open />);
    expect(await screen.findByText('open')).toBeTruthy();

    const Preloaded = lazyDialog(() => Promise.resolve(Hello));
    await Preloaded.preload();
    render(<Preloaded open />);
    expect(screen.getAllByText('open')).toHaveLength(2);
  });
});
