import { Card } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { errorText } from '../api/errorText';
import { ErrorState } from './ErrorState';
import { ListSettingsContext, type ListColumn, type ListDensity } from './ListSettingsContext';
import { ListToolbar } from './ListToolbar';
import { PageHeader } from './PageHeader';
import { useIsMobile } from './useIsMobile';

interface ListPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The primary action (and at most a couple more), on the right of the title. */
  extra?: ReactNode;
  /** The filter controls, on the left of the bar above the list. */
  filters?: ReactNode;
  filtered?: boolean;
  reloading: boolean;
  onReload: () => void;
  /** A failed load: shown once, inline, with a retry, in place of the list. */
  error?: { title: string; error: unknown; onRetry: () => void };
  /** Something the reader must see before the list (a warning banner). */
  banner?: ReactNode;
  /** The list: a `PagedTable`, which takes its density and hidden columns from here. */
  children: ReactNode;
}

/**
 * Every list page: title and description on the left, the primary action on the right, a light
 * filter bar with reload, density and column settings, then the list (which shows its own
 * loading overlay) or its one inline error. Title and actions stay while the list loads or fails.
 */
export function ListPage(props: ListPageProps) {
  const mobile = useIsMobile();
  const [density, setDensity] = useState<ListDensity>('medium');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [columns, setColumns] = useState<readonly ListColumn[]>([]);
  const report = useCallback((next: readonly ListColumn[]) => {
    setColumns((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, []);
  const settings = useMemo(() => ({ density, hidden, report }), [density, hidden, report]);
  const { error } = props;

  const body = (
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

  return (
    <>
      <PageHeader title={props.title} subtitle={props.subtitle} extra={props.extra} />
      {props.banner}
      {/* On phones the layout's padding is the only one: no card around the list. */}
      {mobile ? body : <Card>{body}</Card>}
    </>
  );
}
