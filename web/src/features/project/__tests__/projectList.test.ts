import { describe, expect, it } from 'vitest';
import { durationParts } from '../utils/durationParts';
import { filterProjects, isFiltered, NO_FILTER } from '../utils/filterProjects';
import { splitLabels } from '../../../ui/splitLabels';
import { joinLabels } from '../utils/labels';
import { webhookUrl } from '../utils/webhookUrl';
import { projectRow } from './projectRows';

describe('project list helpers', () => {
  const list = [
    projectRow(1, 'Shop', { label: 'web, api' }),
    projectRow(2, 'shop-admin', { label: 'web' }),
    projectRow(3, 'billing', { label: 'api,batch' }),
  ];

  it('filters by name ignoring case, and by every chosen label', () => {
    const names = (filter: typeof NO_FILTER) => filterProjects(list, filter).map((p) => p.name);
    expect(names(NO_FILTER)).toEqual(['Shop', 'shop-admin', 'billing']);
    expect(names({ name: ' SHOP ', labels: [] })).toEqual(['Shop', 'shop-admin']);
    expect(names({ name: '', labels: ['api'] })).toEqual(['Shop', 'billing']);
    expect(names({ name: '', labels: ['web', 'api'] })).toEqual(['Shop']);
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ name: '', labels: ['web'] })).toBe(true);
  });

  it('splits and joins labels without blanks or repeats', () => {
    expect(splitLabels(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(joinLabels(['a', ' b ', 'a'])).toBe('a,b');
  });

  it('builds the webhook address and duration hints', () => {
    expect(webhookUrl('https://ferry.example.com', 7)).toBe(
      'https://ferry.example.com/deploy/webhook?project_id=7',
    );
    expect(durationParts(1800)).toEqual({ hours: 0, minutes: 30, seconds: 0 });
    expect(durationParts(5405)).toEqual({ hours: 1, minutes: 30, seconds: 5 });
  });
});
