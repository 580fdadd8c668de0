import type { MetricRange } from '@ferry/contract/client';
import dayjs from 'dayjs';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { ChartLook } from '../../../ui/chart/ChartLook';
import { axisTooltip, timeAxis, tooltipLine } from '../../../ui/chart/chartParts';
import { formatMetric } from './metricUnits';
import { orderItems, type MetricPanel } from './metricPanels';
import type { MetricSeriesView } from './MetricsView';
import { seriesLine, type LineValue } from './seriesLine';

export type MetricChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/** What one panel draws: its items of the answer, the window and where lines break. */
export interface PanelData {
  panel: MetricPanel;
  range: MetricRange;
  series: readonly MetricSeriesView[];
  from: number;
  to: number;
  gapMs: number;
}

/** The time axis's labels: hours within a day, days and hours for a week, days beyond. */
export function metricAxisFormat(range: MetricRange): string {
  if (range === '1h' || range === '6h' || range === '1d') return 'HH:mm';
  if (range === '7d') return 'MM-DD HH:mm';
  return 'MM-DD';
}

interface TooltipParam {
  seriesName?: string;
  color?: unknown;
  value?: unknown;
}

/** The tooltip at one time: the time, then each item's value in the panel's unit. */
export function metricTooltip(
  params: readonly TooltipParam[],
  panel: MetricPanel,
  look: ChartLook,
): HTMLElement | string {
  const first = params[0]?.value;
  if (!Array.isArray(first)) return '';
  const box = document.createElement('div');
  box.append(tooltipLine(dayjs(Number(first[0])).format('YYYY-MM-DD HH:mm:ss'), look.text, true));
  for (const p of params) {
    const value = Array.isArray(p.value) ? (p.value[1] as unknown) : null;
    if (typeof value !== 'number') continue;
    const color = typeof p.color === 'string' ? p.color : look.text;
    box.append(tooltipLine(`${p.seriesName ?? ''}: ${formatMetric(value, panel.unit)}`, color));
  }
  return box.childElementCount > 1 ? box : '';
}

/**
 * The option of one panel: a line per item (the average of each bucket), broken where nothing was
 * collected, over the whole window so quiet edges show; values in the panel's unit.
 */
export function metricChartOption(data: PanelData, look: ChartLook): MetricChartOption {
  const { panel, range } = data;
  const byItem = new Map(data.series.map((s) => [s.item, s]));
  const items = orderItems(panel, [...byItem.keys()]);
  const axisLabel = { color: look.textSecondary, fontFamily: look.fontFamily };
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { fontFamily: look.fontFamily },
    grid: { left: 8, right: 12, top: 36, bottom: 8, containLabel: true },
    legend: {
      type: 'scroll',
      top: 0,
      textStyle: { color: look.textSecondary },
      pageTextStyle: { color: look.textSecondary },
    },
    tooltip: axisTooltip(look, (params) =>
      metricTooltip(Array.isArray(params) ? params : [params], panel, look),
    ),
    xAxis: timeAxis(look, { min: data.from, max: data.to }, metricAxisFormat(range)),
    yAxis: {
      type: 'value',
      min: 0,
      max: panel.max,
      minInterval: panel.unit === 'count' ? 1 : undefined,
      axisLabel: { ...axisLabel, formatter: (v: number) => formatMetric(v, panel.unit) },
      splitLine: { lineStyle: { color: look.split } },
    },
    series: items.map((item) => ({
      name: item,
      type: 'line',
      data: markLonePoints(seriesLine(byItem.get(item)?.points ?? [], data.gapMs)),
      // No symbol but on the lone points (`markLonePoints`).
      symbol: 'none',
      showSymbol: true,
      connectNulls: false,
      lineStyle: { width: 1.5 },
    })),
  };
}

/** A point's own dot, where the line cannot show it. */
export interface LonePoint {
  value: LineValue;
  symbol: 'circle';
  symbolSize: number;
}

/**
 * A point without a neighbour on its line (the first sample, or one between two gaps) draws no
 * segment, so it is given a dot of its own: a sample is never taken and left invisible.
 */
export function markLonePoints(line: readonly LineValue[]): (LineValue | LonePoint)[] {
  const joined = (i: number) => line[i] !== undefined && line[i][1] !== null;
  return line.map((value, i) =>
    value[1] !== null && !joined(i - 1) && !joined(i + 1)
      ? { value, symbol: 'circle', symbolSize: 4 }
      : value,
  );
}
