import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import * as client from '../client.js';
import { buildRouteTable } from './build-route-table.js';
import { routeTable } from './route-table.js';

describe('the browser route table', () => {
  it('matches the routes (else: npm run generate -w @ferry/contract)', () => {
    expect(routeTable).toEqual(buildRouteTable(contract));
  });

  it('is what the browser entry exports, one group per routes namespace', () => {
    const groups = Object.keys(contract).filter((k) => k.endsWith('Routes'));
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      expect((client as Record<string, unknown>)[g]).toBe(
        (routeTable as Record<string, unknown>)[g],
      );
    }
  });

  it('leaves out the schemas', () => {
    expect(client.userRoutes.addUser).toEqual({
      method: 'POST',
      path: '/user/add',
      access: { anyOf: [client.Perm.AddMember] },
    });
  });
});
