import dayjs from 'dayjs';
import type { TooltipComponentOption, XAXisComponentOption } from 'echarts';
import type { ChartLook } from './ChartLook';

/** One line of a tooltip, its style set through the DOM (the page's CSP refuses style text). */
export function tooltipLine(text: string, color?: string, bold = false): HTMLElement {
  const div = document.createElement('div');
  div.textContent = text;
  if (color) div.style.color = color;
  if (bold) div.style.fontWeight = '600';
  return div;
}

/** An axis tooltip in the theme's colours; the chart gives its formatter. */
export function axisTooltip(
  look: ChartLook,
  formatter: TooltipComponentOption['formatter'],
): TooltipComponentOption {
  return {
    trigger: 'axis',
    confine: true,
    backgroundColor: look.tooltipBackground,
    borderColor: look.tooltipBorder,
    textStyle: { color: look.text, fontFamily: look.fontFamily },
    axisPointer: { type: 'line', lineStyle: { color: look.axis } },
    formatter,
  };
}

/** A time axis from `min` to `max` in the theme's colours, its labels in dayjs `format`. */
export function timeAxis(
  look: ChartLook,
  window: { min: number; max: number },
  format: string,
): XAXisComponentOption {
  return {
    type: 'time',
    min: window.min,
    max: window.max,
    axisLine: { lineStyle: { color: look.axis } },
    axisTick: { lineStyle: { color: look.axis } },
    axisLabel: {
      color: look.textSecondary,
      fontFamily: look.fontFamily,
      hideOverlap: true,
      formatter: (value: number) => dayjs(value).format(format),
    },
    splitLine: { show: false },
  };
}
