import { Code, monitorRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { MonitorInput } from '../utils/MonitorRow';

/** Each change reads the list and the sparklines again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['monitor'] });
}

/** POST /monitor/add; a refused field is shown on the form, so no toast for 10003. */
export function useAddMonitor() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: MonitorInput) =>
      call(monitorRoutes.add, input, { silent: [Code.illegalParam] }),
    onSuccess,
  });
}

/** PUT /monitor/edit. */
export function useEditMonitor() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: MonitorInput & { id: number }) =>
      call(monitorRoutes.edit, input, { silent: [Code.illegalParam] }),
    onSuccess,
  });
}

/** PUT /monitor/toggle: 1 checks the monitor again, 0 pauses it. */
export function useToggleMonitor() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: RouteInput<typeof monitorRoutes.toggle>) =>
      call(monitorRoutes.toggle, input),
    onSuccess,
  });
}

/** DELETE /monitor/remove: the monitor with its history. */
export function useRemoveMonitor() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(monitorRoutes.remove, { id }),
    onSuccess,
  });
}
