import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NotifyTargetInput } from '../NotifyTargetInput';

const MASKED = 'https://oapi.dingtalk.com/robot/send?access_token=••••ab12';
const FULL = 'https://oapi.dingtalk.com/robot/send?access_token=0123456789abcdefab12';

function Field({ start, reveal }: { start: string; reveal?: () => Promise<string> }) {
  const [value, setValue] = useState(start);
  return <NotifyTargetInput id="notifyTarget" value={value} onChange={setValue} reveal={reveal} />;
}

const field = () => document.getElementById('notifyTarget') as HTMLInputElement;

describe('NotifyTargetInput', () => {
  it('shows a masked address with "Show", which puts the whole address in', async () => {
    const reveal = vi.fn(() => Promise.resolve(FULL));
    render(<Field start={MASKED} reveal={reveal} />);
    expect(field().value).toBe(MASKED);
    expect(screen.getByText(/saving keeps the stored address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Show/ }));
    await waitFor(() => expect(field().value).toBe(FULL));
    expect(reveal).toHaveBeenCalledTimes(1);
    // Whole, it has nothing left to show.
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
    expect(screen.queryByText(/saving keeps the stored address/)).toBeNull();
  });

  it('offers no "Show" to whom may not edit, nor for an address with nothing hidden', () => {
    const { unmount } = render(<Field start={MASKED} />);
    expect(field().value).toBe(MASKED);
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
    unmount();
    render(<Field start="http://10.0.0.5/alerts" reveal={() => Promise.resolve('x')} />);
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
  });

  it('keeps the mask when the address cannot be fetched', async () => {
    render(<Field start={MASKED} reveal={() => Promise.reject(new Error('denied'))} />);
    fireEvent.click(screen.getByRole('button', { name: /Show/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Show/ }).className).not.toContain('loading'),
    );
    expect(field().value).toBe(MASKED);
  });
});
