import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { errorText } from '../api/errorText';
import { ErrorState } from './ErrorState';
import { ListSettingsContext, type ListColumn, type ListDensity } from './ListSettingsContext';
import { ListToolbar } from './ListToolbar';

export interface ListBodyProps {
  /** The filter controls, on the left of the bar above the list. */
  filters?: ReactNode;
  filtered?: boolean;
  reloading: boolean;
  onReload: () => void;
  /** A failed load: shown once, inline, with a retry, in place of the list. */
  error?: { title: string; error: unknown; onRetry: () => void };
  /** The list: a `PagedTable`, which takes its density and hidden columns from here. */
  children: ReactNode;
}

/**
 * A list with its bar: filters on the left, reload, density and column settings on the right,
 * then the list (which shows its own loading overlay) or its one inline error. A `ListPage` puts
 * it under the page's title; a drawer holding a list (a project's deploy history) uses it alone.
 */
export function ListBody(props: ListBodyProps) {
  const [density, setDensity] = useState<ListDensity>('medium');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [columns, setColumns] = useState<readonly ListColumn[]>([]);
  const report = useCallback((next: readonly ListColumn[]) => {
    setColumns((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, []);
  const settings = useMemo(() => ({ density, hidden, report }), [density, hidden, report]);
  const { error } = props;
  return (
    <>
      <ListToolbar
        filters={props.filters}
        filtered={props.filtered ?? false}
        reloading={props.reloading}
        onReload={props.onReload}
        density={density}
        onDensity={setDensity}
        columns={columns}
        hidden={hidden}
        onHidden={setHidden}
      />
      {error ? (
        <ErrorState title={error.title} detail={errorText(error.error)} onRetry={error.onRetry} />
      ) : (
        <ListSettingsContext.Provider value={settings}>
          {props.children}
        </ListSettingsContext.Provider>
      )}
    </>
  );
}
