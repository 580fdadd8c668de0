import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { echarts } from './echarts';

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  /** Charts of one group share their crosshair and tooltip (`echarts.connect`). */
  group?: string;
}

/** An ECharts canvas as wide as its box, redrawn when its option changes and resized with it. */
export function EChart({ option, height, label, group }: EChartProps) {
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
    const instance = chart.current;
    if (!instance || !group) return;
    instance.group = group;
    echarts.connect(group);
  }, [group]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
