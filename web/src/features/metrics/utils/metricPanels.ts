import { MetricItem, MetricType, type MetricTypeId } from '@ferry/contract/client';
import type { MetricUnit } from './metricUnits';

/** One of the agent page's charts: a goploy chart type, its unit and its items' order. */
export interface MetricPanel {
  type: MetricTypeId;
  /** Key of the panel's title under `panel.` in the metrics texts. */
  key: 'cpu' | 'ram' | 'loadavg' | 'tcp' | 'publicNet' | 'loopbackNet' | 'diskUsage' | 'diskIo';
  unit: MetricUnit;
  /** Percent charts run from 0 to 100. */
  max?: number;
  /** The fixed items, in legend order; other items follow by name. */
  items?: readonly string[];
}

/** goploy's 8 charts, in its order. */
export const METRIC_PANELS: readonly MetricPanel[] = [
  { type: MetricType.cpu, key: 'cpu', unit: 'percent', max: 100, items: [MetricItem.cpu] },
  { type: MetricType.ram, key: 'ram', unit: 'percent', max: 100, items: [MetricItem.ram] },
  {
    type: MetricType.loadavg,
    key: 'loadavg',
    unit: 'load',
    items: [MetricItem.load1, MetricItem.load5, MetricItem.load15],
  },
  {
    type: MetricType.tcp,
    key: 'tcp',
    unit: 'count',
    items: [MetricItem.tcpTotal, MetricItem.tcpEstablished],
  },
  { type: MetricType.publicNet, key: 'publicNet', unit: 'bytesPerSecond' },
  { type: MetricType.loopbackNet, key: 'loopbackNet', unit: 'bytesPerSecond' },
  { type: MetricType.diskUsage, key: 'diskUsage', unit: 'percent', max: 100 },
  { type: MetricType.diskIo, key: 'diskIo', unit: 'iops' },
];

/** The chart type's panel; the plain-number look for a type the page does not know. */
export function panelOf(type: number): MetricPanel | undefined {
  return METRIC_PANELS.find((p) => p.type === type);
}

/** The unit of an item of `type`, for the rules' current values. */
export function unitOfType(type: number): MetricUnit {
  return panelOf(type)?.unit ?? 'load';
}

/** Items in legend order: the panel's fixed ones first, then the others by name. */
export function orderItems(panel: MetricPanel, items: readonly string[]): string[] {
  const fixed = panel.items ?? [];
  const rank = (item: string) => {
    const i = fixed.indexOf(item);
    return i < 0 ? fixed.length : i;
  };
  return [...items].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
