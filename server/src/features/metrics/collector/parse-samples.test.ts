import { MAX_METRIC_ITEM_CHARS } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import { parseSamples } from './parse-samples.js';

describe('parseSamples', () => {
  it('reads every kind of line the collector prints', () => {
    const out = [
      '1 cpu_usage 12.50',
      '2 ram_usage 40.00',
      '3 loadavg_1m 0.08',
      '4 tcp.total 12',
      '5 eth0.in 1024.00',
      '6 lo.out 0.00',
      '7 /dev/mapper/vg-root.usage 27.46',
      '8 cciss!c0d0.read_iops 3.00',
      '',
    ].join('\n');
    expect(parseSamples(out)).toEqual({
      samples: [
        { type: 1, item: 'cpu_usage', value: 12.5 },
        { type: 2, item: 'ram_usage', value: 40 },
        { type: 3, item: 'loadavg_1m', value: 0.08 },
        { type: 4, item: 'tcp.total', value: 12 },
        { type: 5, item: 'eth0.in', value: 1024 },
        { type: 6, item: 'lo.out', value: 0 },
        { type: 7, item: '/dev/mapper/vg-root.usage', value: 27.46 },
        { type: 8, item: 'cciss!c0d0.read_iops', value: 3 },
      ],
      refused: [],
    });
  });

  it.each([
    ['1 cpu_usage', 'must be "<type> <item> <value>"'],
    ['1 cpu usage 3', 'must be "<type> <item> <value>"'],
    ['0 cpu_usage 1', 'type must be one of 1, 2, 3, 4, 5, 6, 7, 8'],
    ['9 cpu_usage 1', 'type must be one of 1, 2, 3, 4, 5, 6, 7, 8'],
    ['01 cpu_usage 1', 'type must be one of 1, 2, 3, 4, 5, 6, 7, 8'],
    ['x cpu_usage 1', 'type must be one of 1, 2, 3, 4, 5, 6, 7, 8'],
    ['5 <script>.in 1', 'must be 1 to'],
    ['5 eth0";drop.in 1', 'must be 1 to'],
    [`5 ${'e'.repeat(MAX_METRIC_ITEM_CHARS + 1)} 1`, 'must be 1 to'],
    ['1 cpu_usage NaN', 'value must be a plain decimal'],
    ['1 cpu_usage Infinity', 'value must be a plain decimal'],
    ['1 cpu_usage 1e999', 'value must be a plain decimal'],
    ['1 cpu_usage 0x10', 'value must be a plain decimal'],
    ['1 cpu_usage 1.', 'value must be a plain decimal'],
    ['1 cpu_usage 12%', 'value must be a plain decimal'],
  ])('refuses %j', (line, reason) => {
    const parsed = parseSamples(`${line}\n2 ram_usage 1.5\n`);
    expect(parsed.samples).toEqual([{ type: 2, item: 'ram_usage', value: 1.5 }]);
    expect(parsed.refused).toHaveLength(1);
    expect(parsed.refused[0]?.line).toBe(line.slice(0, 200));
    expect(parsed.refused[0]?.reason).toContain(reason);
  });

  it('keeps the longest item name allowed and negative values', () => {
    const item = 'e'.repeat(MAX_METRIC_ITEM_CHARS);
    expect(parseSamples(`5 ${item} -1.25`).samples).toEqual([{ type: 5, item, value: -1.25 }]);
  });

  it('refuses an item read twice, keeping the first', () => {
    const parsed = parseSamples('1 cpu_usage 10\n1 cpu_usage 90\n');
    expect(parsed.samples).toEqual([{ type: 1, item: 'cpu_usage', value: 10 }]);
    expect(parsed.refused).toEqual([{ line: '1 cpu_usage 90', reason: 'item was already read' }]);
  });
});
