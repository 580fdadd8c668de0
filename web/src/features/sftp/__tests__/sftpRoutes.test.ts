// The test compares the browser's table with the contract itself, which the browser may not load.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { sftpRoutes as contractRoutes } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import { sftpRoutes } from '../api/sftpRoutes';

describe("the browser's SFTP routes", () => {
  it("match the contract's methods, paths and permissions, every one of them", () => {
    const fromContract = Object.fromEntries(
      Object.entries(contractRoutes)
        .filter(([, r]) => typeof r === 'object' && r !== null && 'method' in r && 'path' in r)
        .map(([name, r]) => {
          const { method, path, access } = r as { method: string; path: string; access: unknown };
          return [name, { method, path, access }];
        }),
    );
    expect(sftpRoutes).toEqual(fromContract);
  });
});
