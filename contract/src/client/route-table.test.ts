import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import * as client from '../client.js';
import { buildRouteTable } from './build-route-table.js';
import { routeFilesOf } from './route-files.js';
import * as generated from './routes/index.js';
import { ROUTE_NOTES } from '../openapi/route-notes.js';
import { routeNotesOf } from '../openapi/route-notes-of.js';

describe('the browser route table', () => {
  it('matches the routes (else: npm run generate -w @ferry/contract)', () => {
    expect({ ...generated }).toEqual(buildRouteTable(contract));
  });

  it("carries each route's doc comment for the OpenAPI document (else: npm run generate)", () => {
    const index = fs.readFileSync(new URL('../index.ts', import.meta.url), 'utf8');
    const notes: Record<string, Record<string, string>> = {};
    for (const [group, from] of routeFilesOf(index)) {
      const file = new URL(`../${from.replace(/\.js$/, '.ts')}`, import.meta.url);
      notes[group] = routeNotesOf(fs.readFileSync(file, 'utf8'));
    }
    expect(ROUTE_NOTES).toEqual(notes);
  });

  it('is what the browser entry exports, one group per routes namespace', () => {
    const groups = Object.keys(contract).filter((k) => k.endsWith('Routes'));
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      expect((client as Record<string, unknown>)[g]).toBe(
        (generated as Record<string, unknown>)[g],
      );
    }
  });

  it('knows the file of every routes namespace', () => {
    const index = fs.readFileSync(new URL('../index.ts', import.meta.url), 'utf8');
    const files = routeFilesOf(index);
    const groups = Object.keys(contract).filter((k) => k.endsWith('Routes'));
    expect([...files.keys()].sort()).toEqual(groups.sort());
  });

  it('leaves out the schemas', () => {
    expect(client.userRoutes.addUser).toEqual({
      method: 'POST',
      path: '/user/add',
      access: { anyOf: [client.Perm.AddMember] },
    });
  });
});
