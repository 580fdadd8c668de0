import { describe, expect, it } from 'vitest';
import { pickByNameOrId, pickServers } from './lookup.js';

const servers = [
  { id: 1, name: 'web-1' },
  { id: 2, name: 'web-2' },
  { id: 3, name: '1' },
  { id: 4, name: 'twin' },
  { id: 5, name: 'twin' },
];

describe('pickByNameOrId', () => {
  it('finds by name first, then by id', () => {
    expect(pickByNameOrId(servers, 'web-2', 'server').id).toBe(2);
    expect(pickByNameOrId(servers, '2', 'server').id).toBe(2);
    // "1" is the name of server 3 before it is the id of server 1.
    expect(pickByNameOrId(servers, '1', 'server').id).toBe(3);
  });

  it('asks for the id when a name is taken twice, and says when nothing matches', () => {
    expect(() => pickByNameOrId(servers, 'twin', 'server')).toThrow(
      'several servers are called "twin" (ids 4, 5): give the id',
    );
    expect(() => pickByNameOrId(servers, 'db', 'server')).toThrow(/no server "db"/);
  });
});

describe('pickServers', () => {
  it('reads a comma list of names and ids, once each', () => {
    expect(pickServers(servers, 'web-1, 2,web-1')).toEqual([1, 2]);
  });

  it('refuses an empty list', () => {
    expect(() => pickServers(servers, ' , ')).toThrow('--servers must name at least one server');
  });
});
