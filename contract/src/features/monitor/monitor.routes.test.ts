import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_TIMEOUT_S } from './monitor-constants.js';
import * as monitorRoutes from './monitor.routes.js';

const site = {
  name: 'shop home',
  type: 1,
  target: '{"items":["https://shop.example.com/"],"timeout":5,"process":"","script":""}',
  second: 30,
  times: 3,
  silentCycle: 10,
};

function issues(
  schema: {
    safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
): string[] {
  return (schema.safeParse(input).error?.issues ?? []).map(
    (i) => `${i.path.join('.')}: ${i.message}`,
  );
}

describe('monitor form', () => {
  it("takes goploy's form with the target as JSON text and fills in our options", () => {
    const parsed = monitorRoutes.add.input.parse(site);
    expect(parsed).toMatchObject({
      name: 'shop home',
      notifyType: 0,
      notifyTarget: '',
      notifyTimes: 0,
      successServerId: 0,
      failScript: '',
      failScriptAlways: 0,
      successScriptAlways: 0,
      description: '',
    });
    expect(parsed.target).toEqual({
      items: ['https://shop.example.com/'],
      timeout: 5,
      process: '',
      script: '',
      method: 'GET',
      statuses: '200-399',
      keyword: '',
      keywordMode: 'contains',
      maxResponseMs: 0,
      certWarnDays: 14,
    });
  });

  it('takes the target as an object', () => {
    const parsed = monitorRoutes.add.input.parse({
      ...site,
      type: 2,
      target: { items: ['db.internal:5432', '[::1]:80'] },
    });
    expect(parsed.target.items).toEqual(['db.internal:5432', '[::1]:80']);
    expect(parsed.target.timeout).toBe(10);
  });

  it("takes goploy's empty timeout (0) as not set: the default, on add, edit and check", () => {
    const goploys = '{"items":["https://shop.example.com/"],"timeout":0,"process":"","script":""}';
    const add = monitorRoutes.add.input.parse({ ...site, target: goploys });
    expect(add.target.timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    const edit = monitorRoutes.edit.input.parse({ ...site, id: 1, target: goploys });
    expect(edit.target.timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    const check = monitorRoutes.check.input.parse({
      type: 2,
      target: { items: ['db.internal:5432'], timeout: '0' },
    });
    expect(check.target.timeout).toBe(DEFAULT_CHECK_TIMEOUT_S);
    expect(
      monitorRoutes.add.input.parse({ ...site, target: { items: ['https://x/'], timeout: 1 } })
        .target.timeout,
    ).toBe(1);
  });

  it.each([
    [{ target: { items: ['https://x/'], timeout: -1 } }, 'target.timeout: must be at least 1'],
    [{ target: { items: ['https://x/'], timeout: 121 } }, 'target.timeout: must be at most 120'],
    [{ target: { items: ['https://x/'], timeout: 2.5 } }, 'target.timeout: must be an integer'],
    [{ second: 5 }, 'second: must be at least 10'],
    [{ second: 'x' }, 'second: must be a number'],
    [{ times: 0 }, 'times: must be at least 1'],
    [{ silentCycle: undefined }, 'silentCycle: is required'],
    [{ type: 6 }, 'type: must be at most 5'],
    [
      { target: 'not json' },
      'target: must be a target {items, timeout, process, script} or its JSON text',
    ],
    [{ target: { items: [] } }, 'target.items: must name at least one item'],
    [{ target: { items: ['ftp://x'] } }, 'target.items.0: must be an http:// or https:// address'],
    [
      { target: { items: ['https://x/'], statuses: '2xx' } },
      'target.statuses: must be HTTP statuses (100-599) or ranges separated by commas, e.g. 200-399 or 200,204,301-302',
    ],
    [
      { type: 2, target: { items: ['host'] } },
      'target.items.0: must be host:port with a port from 1 to 65535',
    ],
    [
      { type: 3, target: { items: ['bad host!'] } },
      'target.items.0: must be a host name or an IP address',
    ],
    [
      { type: 4, target: { items: ['abc'], process: 'nginx' } },
      'target.items.0: must be a server id',
    ],
    [{ type: 4, target: { items: ['3'] } }, 'target.process: must name the process to look for'],
    [{ type: 5, target: { items: ['3'] } }, 'target.script: must not be empty'],
    [{ notifyType: 4, notifyTarget: 'https://h/' }, 'notifyType: must be one of 0, 1, 2, 3, 255'],
    [{ notifyType: 1 }, 'notifyTarget: must not be empty when a notification is set'],
    [
      { notifyType: 1, notifyTarget: 'ftp://h' },
      'notifyTarget: must be an http:// or https:// address',
    ],
    [
      { failScript: 'echo x' },
      'failServerId: must name a server: only process and script items have one',
    ],
    [{ successServerId: 'a' }, 'successServerId: must be a number'],
    [{ failScriptAlways: 2 }, 'failScriptAlways: must be 0 or 1'],
    [{ notifyTimes: -1 }, 'notifyTimes: must be at least 0'],
  ])('refuses %j', (change, message) => {
    expect(issues(monitorRoutes.add.input, { ...site, ...change })).toContain(message);
  });

  it("lets process and script checks run scripts on the item's server", () => {
    const form = { ...site, type: 5, target: { items: ['3'], script: 'true' }, failScript: 'x' };
    expect(issues(monitorRoutes.add.input, form)).toEqual([]);
  });

  it('asks edit for the id and check for no name', () => {
    expect(issues(monitorRoutes.edit.input, site)).toContain('id: is required');
    const check = monitorRoutes.check.input.parse({ type: 1, target: site.target });
    expect(check.runScripts).toBe(0);
  });

  it('knows the chart ranges', () => {
    expect(issues(monitorRoutes.getChecks.input, { id: 1, range: 'year' })).toEqual([
      'range: must be one of hour, 6h, day, week, month, 3months',
    ]);
  });
});
