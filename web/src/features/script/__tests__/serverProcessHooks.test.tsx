import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { useServerProcesses, useServerProcessMutations } from '../hooks/useServerProcesses';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const group = (id: number, items: string) => ({
  id,
  namespaceId: 1,
  name: `g${id}`,
  items,
  insertTime: '',
  updateTime: '',
});

describe('server process hooks', () => {
  it("reads each group's buttons from goploy's JSON text, a damaged one as none", async () => {
    loggedIn({
      routes: {
        '/server/getProcessList': [
          {
            code: 0,
            data: { list: [group(2, '[{"name":"tail","command":"tail log"}]'), group(1, '{')] },
          },
        ],
      },
    });
    const { result } = renderHook(() => useServerProcesses(), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.map((g) => g.itemList)).toEqual([
      [{ name: 'tail', command: 'tail log' }],
      [],
    ]);
  });

  it('sends the buttons of a new group as an array and reloads the list', async () => {
    const api = loggedIn({
      routes: {
        '/server/getProcessList': [{ code: 0, data: { list: [] } }],
        '/server/addProcess': [{ code: 0, data: { id: 3 } }],
      },
    });
    const { result } = renderHook(
      () => ({ list: useServerProcesses(), save: useServerProcessMutations() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    const items = [{ name: 'restart', command: 'systemctl restart app' }];
    await act(() => result.current.save.add.mutateAsync({ name: 'app', items }));
    expect(api.callsTo('/server/addProcess')[0]?.body).toEqual({ name: 'app', items });
    await waitFor(() => expect(api.callsTo('/server/getProcessList')).toHaveLength(2));
  });
});
