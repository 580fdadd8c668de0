import { useState } from 'react';
import { rowCheckInput } from '../utils/serverForm';
import type { ServerRow } from '../utils/ServerRow';
import { useCheckServer } from './useCheckServer';

/** The connection test of a stored server from its row, with its dialog's state. */
export function useRowCheck() {
  const check = useCheckServer();
  const [state, setState] = useState<{ open: boolean; server?: ServerRow }>({ open: false });
  const run = (server: ServerRow) => {
    setState({ open: true, server });
    check.mutate(rowCheckInput(server));
  };
  return {
    open: state.open,
    server: state.server,
    pending: check.isPending,
    result: check.data,
    error: check.isError ? check.error : undefined,
    run,
    retry: () => (state.server ? run(state.server) : undefined),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
