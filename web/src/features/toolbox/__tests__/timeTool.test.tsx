import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../platform';
import { TimeTool } from '../tools/TimeTool';

// Built from local date parts, so the expectations hold in any time zone.
const NOW = new Date(2023, 10, 14, 22, 13, 20).getTime();
const NOW_S = String(NOW / 1000);
const MIDNIGHT_S = String(new Date(2023, 10, 14).getTime() / 1000);

const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TimeTool', () => {
  beforeEach(() => {
    // Only the clock and the ticking interval are faked: antd keeps its real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    render(
      <AppProviders>
        <TimeTool />
      </AppProviders>,
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the current time as placeholders, refreshed every second', () => {
    const timestamp = screen.getByLabelText('Timestamp');
    const date = screen.getByLabelText('Date');
    expect(timestamp.getAttribute('placeholder')).toBe(NOW_S);
    expect(date.getAttribute('placeholder')).toBe('2023-11-14 22:13:20');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(timestamp.getAttribute('placeholder')).toBe(String(NOW / 1000 + 1));
    expect(date.getAttribute('placeholder')).toBe('2023-11-14 22:13:21');
  });

  it('turns 10-digit seconds and 13-digit milliseconds into the local date', () => {
    type('Timestamp', NOW_S);
    expect(valueOf('Local date')).toBe('2023-11-14 22:13:20');
    type('Timestamp', String(NOW + 5000));
    expect(valueOf('Local date')).toBe('2023-11-14 22:13:25');
  });

  it('says what a timestamp is when given something else', () => {
    type('Timestamp', '12345');
    expect(screen.getByRole('alert').textContent).toBe(
      'A timestamp has 10 digits (seconds) or 13 digits (milliseconds)',
    );
    expect(valueOf('Local date')).toBe('');
  });

  it('fills the timestamp with the quick buttons', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Now' }));
    expect(valueOf('Timestamp')).toBe(NOW_S);
    fireEvent.click(screen.getByRole('button', { name: '+1 day' }));
    expect(valueOf('Timestamp')).toBe(String(NOW / 1000 + 86_400));
    expect(valueOf('Local date')).toBe('2023-11-15 22:13:20');
    fireEvent.click(screen.getByRole('button', { name: '−1 day' }));
    fireEvent.click(screen.getByRole('button', { name: '−1 day' }));
    expect(valueOf('Local date')).toBe('2023-11-13 22:13:20');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(valueOf('Timestamp')).toBe(MIDNIGHT_S);
    expect(valueOf('Local date')).toBe('2023-11-14 00:00:00');
  });

  it('turns a local date into seconds and milliseconds', () => {
    type('Date', '2023-11-14 22:13:20');
    expect(valueOf('Seconds')).toBe(NOW_S);
    expect(valueOf('Milliseconds')).toBe(String(NOW));
    type('Date', '2023-02-30 00:00:00');
    expect(screen.getByRole('alert').textContent).toBe('Enter a local date as YYYY-MM-DD HH:mm:ss');
    expect(valueOf('Seconds')).toBe('');
  });
});
