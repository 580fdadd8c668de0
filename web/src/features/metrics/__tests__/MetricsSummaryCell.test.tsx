import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../platform';
import { MetricsSummaryCell } from '../components/MetricsSummaryCell';
import type { MetricSummary } from '../utils/metricsRows';

const SUMMARY: MetricSummary = {
  serverId: 1,
  mode: 'pull',
  state: 'ok',
  lastSampleTime: Date.UTC(2026, 2, 1, 12),
  cpu: 12.5,
  ram: 80,
  disk: 93.04,
  diskItem: '/.usage',
};

const show = (summary: MetricSummary | undefined) =>
  render(
    <AppProviders>
      <MetricsSummaryCell summary={summary} />
    </AppProviders>,
  );

describe('MetricsSummaryCell', () => {
  it('shows the latest CPU, RAM and fullest disk', async () => {
    show(SUMMARY);
    expect(await screen.findByText('12.5%')).toBeTruthy();
    expect(screen.getByText('80%')).toBeTruthy();
    expect(screen.getByText('93%')).toBeTruthy();
    expect(screen.getByRole('group').getAttribute('aria-label')).toMatch(
      /^CPU 12.5%, RAM 80%, disk 93%/,
    );
  });

  it('says when nothing was sampled yet, and when collection is off', async () => {
    const { unmount } = show(undefined);
    expect(await screen.findByText('No samples')).toBeTruthy();
    unmount();
    show({ ...SUMMARY, mode: 'off', lastSampleTime: 0, cpu: null, ram: null, disk: null });
    expect(await screen.findByText('Off')).toBeTruthy();
  });

  it('marks an unreachable server and keeps its last values', async () => {
    show({ ...SUMMARY, state: 'unreachable', disk: null });
    expect(await screen.findByText('Unreachable')).toBeTruthy();
    expect(screen.getByText('–')).toBeTruthy();
  });
});
