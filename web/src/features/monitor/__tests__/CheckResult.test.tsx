import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { CheckResult } from '../components/CheckResult';
import type { CheckAnswer } from '../utils/MonitorRow';

const ANSWER: CheckAnswer = {
  ok: false,
  latencyMs: 120,
  message: 'one of two failed',
  items: [
    { item: 'https://shop.example.com', ok: true, latencyMs: 80, message: '', certDaysLeft: 40 },
    { item: '10.0.0.9', ok: false, latencyMs: 40, message: 'no answer', via: 'tcp' },
  ],
  scripts: [],
};

function show(answer: CheckAnswer) {
  loggedIn({ routes: { '/server/getOption': [{ code: 0, data: { list: [] } }] } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckResult answer={answer} />
    </QueryClientProvider>,
  );
}

describe('CheckResult', () => {
  it("lists each item's result in a framed list, the failure with its message", () => {
    show(ANSWER);
    expect(screen.getByText('Failed after 120 ms')).toBeTruthy();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Certificate: 40 days left')).toBeTruthy();
    expect(within(items[1]!).getByText('no answer')).toBeTruthy();
    expect(within(items[1]!).getByText('via TCP (ICMP not permitted)')).toBeTruthy();
    expect(screen.getByRole('list').style.border).not.toBe('');
  });

  it('shows no list for a check without items', () => {
    show({ ...ANSWER, ok: true, message: '', items: [] });
    expect(screen.getByText('Passed in 120 ms')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
