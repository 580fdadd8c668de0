import { useState } from 'react';

/**
 * A dialog's open flag and what it shows. Closing keeps the value, so the dialog's content stays
 * in place while it animates away.
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; value?: T }>({ open: false });
  return {
    open: state.open,
    value: state.value,
    show: (value?: T) => setState({ open: true, value }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
