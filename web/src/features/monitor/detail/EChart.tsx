import { useEffect, useRef } from 'react';
import type { ResponseTimeOption } from './chartOption';
import { echarts } from './echarts';

interface EChartProps {
  option: ResponseTimeOption;
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
}

/** An ECharts canvas as wide as its box, redrawn when its option changes and resized with it. */
export function EChart({ option, height, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init>>(undefined);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.current = undefined;
      instance.dispose();
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
