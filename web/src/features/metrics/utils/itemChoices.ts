import { orderItems, METRIC_PANELS } from './metricPanels';
import type { MetricSeriesView } from './MetricsView';

/** An item the server reported, and the chart it belongs to. */
export interface ItemChoice {
  type: number;
  item: string;
}

/** The items of the charts' answer, once each, with those of the rules already set. */
export function itemChoices(
  series: readonly MetricSeriesView[],
  ruleItems: readonly string[] = [],
): ItemChoice[] {
  const seen = new Map<string, number>();
  for (const s of series) if (!seen.has(s.item)) seen.set(s.item, s.type);
  for (const item of ruleItems) if (!seen.has(item)) seen.set(item, 0);
  return [...seen].map(([item, type]) => ({ item, type }));
}

/** The items as the form's select groups them: by chart, in the charts' order. */
export function itemOptions(
  choices: readonly ItemChoice[],
  titleOf: (key: (typeof METRIC_PANELS)[number]['key']) => string,
): { label: string; options: { value: string; label: string }[] }[] {
  return METRIC_PANELS.flatMap((panel) => {
    const items = choices.filter((c) => c.type === panel.type).map((c) => c.item);
    if (items.length === 0) return [];
    const options = orderItems(panel, items).map((item) => ({ value: item, label: item }));
    return [{ label: titleOf(panel.key), options }];
  });
}
