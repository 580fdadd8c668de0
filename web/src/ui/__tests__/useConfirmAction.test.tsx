import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../platform';
import { useConfirmAction } from '../useConfirmAction';

function DropButton({ run }: { run: () => Promise<unknown> }) {
  const confirm = useConfirmAction();
  const drop = () =>
    confirm({
      title: 'Drop it?',
      content: 'It is gone for good.',
      okText: 'Drop',
      run,
      done: 'Dropped',
    });
  return <button onClick={drop}>Start</button>;
}

/** Whether the dialog is on its way out (jsdom never ends antd's leave animation). */
const closing = () => screen.getByRole('dialog').classList.contains('ant-zoom-leave');

function openConfirm(run: () => Promise<unknown>) {
  render(
    <FeedbackProvider>
      <DropButton run={run} />
    </FeedbackProvider>,
  );
  fireEvent.click(screen.getByText('Start'));
}

describe('useConfirmAction', () => {
  it('asks first, then runs the action and says it is done', async () => {
    const run = vi.fn(() => Promise.resolve());
    openConfirm(run);
    expect((await screen.findAllByText('Drop it?')).length).toBeGreaterThan(0);
    expect(screen.getByText('It is gone for good.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(run).not.toHaveBeenCalled();

    const ok = screen.getByRole('button', { name: 'Drop' });
    expect(ok.className).toContain('ant-btn-dangerous');
    fireEvent.click(ok);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Dropped')).toBeTruthy();
    expect(closing()).toBe(true);
  });

  it('does nothing when cancelled', async () => {
    const run = vi.fn(() => Promise.resolve());
    openConfirm(run);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(closing()).toBe(true));
    expect(run).not.toHaveBeenCalled();
  });

  it('closes quietly when the action fails', async () => {
    const run = vi.fn(() => Promise.reject(new Error('refused')));
    openConfirm(run);
    fireEvent.click(await screen.findByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(closing()).toBe(true));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Dropped')).toBeNull();
  });
});
