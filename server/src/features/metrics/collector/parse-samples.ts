import { MAX_METRIC_ITEM_CHARS, METRIC_TYPES, type MetricTypeId } from '@ferry/contract';
import type { MetricSample } from '../metrics-deps.js';

/**
 * What an item name may hold: a device or interface name and its suffix (`eth0.in`,
 * `/dev/mapper/vg-root.usage`, `cciss!c0d0.read_iops`); nothing a log or a chart could read as
 * markup or as another field.
 */
const ITEM = new RegExp(`^[A-Za-z0-9._:@/+!-]{1,${MAX_METRIC_ITEM_CHARS}}$`);
/** A plain decimal: no exponent, no hex, no `Infinity`, no `NaN`. */
const VALUE = /^-?\d{1,20}(\.\d{1,12})?$/;

/** The samples read from a collector's output, and the lines refused with the reason. */
export interface ParsedSamples {
  samples: MetricSample[];
  refused: { line: string; reason: string }[];
}

/**
 * Reads the collector's lines, `<type> <item> <value>`: a line that is not three fields, a type
 * outside goploy's 1..8, an item name outside the safe characters or longer than
 * `MAX_METRIC_ITEM_CHARS`, a value that is not a finite plain decimal, or an item already read
 * is refused (and said why); the others are kept. Blank lines are skipped.
 */
export function parseSamples(output: string): ParsedSamples {
  const out: ParsedSamples = { samples: [], refused: [] };
  const seen = new Set<string>();
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const read = readLine(line.split(/[ \t]+/), seen);
    if (typeof read === 'string') out.refused.push({ line: line.slice(0, 200), reason: read });
    else {
      seen.add(read.item);
      out.samples.push(read);
    }
  }
  return out;
}

/** A sample, or why the line is refused. */
function readLine(fields: string[], seen: ReadonlySet<string>): MetricSample | string {
  if (fields.length !== 3) return 'must be "<type> <item> <value>"';
  const [typeText, item, valueText] = fields as [string, string, string];
  const type = Number(typeText);
  if (!/^\d$/.test(typeText) || !(METRIC_TYPES as readonly number[]).includes(type)) {
    return `type must be one of ${METRIC_TYPES.join(', ')}`;
  }
  if (!ITEM.test(item)) {
    return `item must be 1 to ${MAX_METRIC_ITEM_CHARS} letters, digits or . _ : @ / + ! -`;
  }
  if (seen.has(item)) return 'item was already read';
  const value = Number(valueText);
  if (!VALUE.test(valueText) || !Number.isFinite(value)) return 'value must be a plain decimal';
  return { type: type as MetricTypeId, item, value };
}
