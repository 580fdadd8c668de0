import type { MonitorRange } from '@ferry/contract/client';
import dayjs from 'dayjs';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  MarkAreaComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { ChartLook } from '../../../ui/chart/ChartLook';
import { axisTooltip, timeAxis, tooltipLine } from '../../../ui/chart/chartParts';
import type { CheckSeries } from './checkSeries';
import { axisTimeFormat, rangeWindow, tooltipTimeFormat } from './monitorRanges';

export type { ChartLook };

export type ResponseTimeOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | MarkAreaComponentOption
>;

/** The chart's words, in the user's language. */
export interface ChartTexts {
  average: string;
  minMax: string;
  failures: string;
  latencyAxis: string;
  /** The tooltip's latency line of a point. */
  latency: (avg: number, min: number, max: number) => string;
  /** The tooltip's checks line of a point. */
  checks: (checks: number, failures: number) => string;
}

/** The tooltip of the point at `time`, or nothing where no check was made. */
export function tooltipContent(
  series: CheckSeries,
  time: number,
  range: MonitorRange,
  look: ChartLook,
  texts: ChartTexts,
): HTMLElement | string {
  const point = series.byTime.get(time);
  if (!point) return '';
  const box = document.createElement('div');
  box.append(
    tooltipLine(dayjs(time).format(tooltipTimeFormat(range)), look.text, true),
    tooltipLine(texts.latency(point.latencyMs, point.latencyMin, point.latencyMax), look.text),
    tooltipLine(
      texts.checks(point.checks, point.failures),
      point.failures > 0 ? look.failure : look.textSecondary,
    ),
  );
  return box;
}

/**
 * The option of the response-time chart: the average latency as a line over the min–max band,
 * failed checks as red bars on their own axis, periods where every check failed as red areas;
 * the time axis spans the whole range up to `now`.
 */
export function responseTimeOption(
  series: CheckSeries,
  range: MonitorRange,
  now: number,
  look: ChartLook,
  texts: ChartTexts,
): ResponseTimeOption {
  const window = rangeWindow(range, now);
  const axisLabel = { color: look.textSecondary, fontFamily: look.fontFamily };
  const markArea: MarkAreaComponentOption = {
    silent: true,
    itemStyle: { color: look.downArea },
    data: series.down.map(([from, to]) => [{ xAxis: from }, { xAxis: to }]),
  };
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { fontFamily: look.fontFamily },
    grid: { left: 8, right: 8, top: 28, bottom: 44, containLabel: true },
    tooltip: axisTooltip(look, (params) => {
      const first = Array.isArray(params) ? params[0] : params;
      const value = first?.value;
      const time = Array.isArray(value) ? Number(value[0]) : Number.NaN;
      return tooltipContent(series, time, range, look, texts);
    }),
    dataZoom: [
      { type: 'inside', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: false },
      {
        type: 'slider',
        height: 16,
        bottom: 8,
        borderColor: look.split,
        fillerColor: look.band,
        textStyle: { color: look.textSecondary },
        dataBackground: { lineStyle: { color: look.axis }, areaStyle: { color: look.split } },
        handleStyle: { color: look.tooltipBackground, borderColor: look.axis },
        moveHandleStyle: { color: look.axis },
        labelFormatter: (value: number) => dayjs(value).format(axisTimeFormat(range)),
      },
    ],
    xAxis: timeAxis(look, window, axisTimeFormat(range)),
    yAxis: [
      {
        type: 'value',
        name: texts.latencyAxis,
        nameTextStyle: { color: look.textSecondary },
        min: 0,
        axisLabel,
        splitLine: { lineStyle: { color: look.split } },
      },
      {
        type: 'value',
        name: texts.failures,
        nameTextStyle: { color: look.failure },
        min: 0,
        // Bars up to half the height: the latency stays readable above them.
        max: (extent: { max: number }) => Math.max(1, extent.max) * 2,
        minInterval: 1,
        axisLabel: { ...axisLabel, color: look.failure },
        splitLine: { show: false },
      },
    ],
    series: [
      {
        name: texts.minMax,
        type: 'line',
        data: series.low,
        stack: 'band',
        symbol: 'none',
        connectNulls: false,
        lineStyle: { opacity: 0 },
        silent: true,
      },
      {
        name: texts.minMax,
        type: 'line',
        data: series.spread,
        stack: 'band',
        symbol: 'none',
        connectNulls: false,
        lineStyle: { opacity: 0 },
        areaStyle: { color: look.band },
        silent: true,
      },
      {
        name: texts.average,
        type: 'line',
        data: series.average,
        symbol: 'none',
        showSymbol: false,
        connectNulls: false,
        lineStyle: { color: look.line, width: 2 },
        itemStyle: { color: look.line },
        markArea,
      },
      {
        name: texts.failures,
        type: 'bar',
        yAxisIndex: 1,
        data: series.failures,
        barMaxWidth: 6,
        itemStyle: { color: look.failure },
      },
    ],
  };
}
