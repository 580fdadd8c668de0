import {
  Code,
  serverProcessRoutes,
  type ProcessItem,
  type RouteInput,
} from '@ferry/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';

const groupsKey = ['script', 'processGroups'] as const;

/** Reads a group's `items` (goploy's JSON text); a damaged value reads as no buttons. */
function itemsOf(text: string): ProcessItem[] {
  try {
    const items = JSON.parse(text) as unknown;
    return Array.isArray(items) ? (items as ProcessItem[]) : [];
  } catch {
    return [];
  }
}

/**
 * The namespace's process groups, newest first (GET /server/getProcessList), each with its
 * buttons parsed as `itemList`.
 */
export function useServerProcesses() {
  return useQuery({
    queryKey: groupsKey,
    queryFn: ({ signal }) =>
      call(serverProcessRoutes.getProcessList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list.map((g) => ({ ...g, itemList: itemsOf(g.items) })),
  });
}

/**
 * Adds, edits and deletes process groups (items go as an array), then reloads the list; a field
 * error or a taken name is left to the form.
 */
export function useServerProcessMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: groupsKey });
  const silent = [Code.illegalParam, 'process_exists'];
  const add = useMutation({
    mutationFn: (input: RouteInput<typeof serverProcessRoutes.addProcess>) =>
      call(serverProcessRoutes.addProcess, input, { silent }),
    onSuccess: reload,
  });
  const edit = useMutation({
    mutationFn: (input: RouteInput<typeof serverProcessRoutes.editProcess>) =>
      call(serverProcessRoutes.editProcess, input, { silent }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(serverProcessRoutes.deleteProcess, { id }),
    onSuccess: reload,
  });
  return { add, edit, remove };
}
