import { Card } from 'antd';
import type { ReactNode } from 'react';
import { ListBody, type ListBodyProps } from './ListBody';
import { PageHeader } from './PageHeader';
import { useIsMobile } from './useIsMobile';

interface ListPageProps extends ListBodyProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The primary action (and at most a couple more), on the right of the title. */
  extra?: ReactNode;
  /** Something the reader must see before the list (a warning banner). */
  banner?: ReactNode;
}

/**
 * Every list page: title and description on the left, the primary action on the right, a light
 * filter bar with reload, density and column settings, then the list (which shows its own
 * loading overlay) or its one inline error. Title and actions stay while the list loads or fails.
 */
export function ListPage({ title, subtitle, extra, banner, ...list }: ListPageProps) {
  const mobile = useIsMobile();
  const body = <ListBody {...list} />;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} extra={extra} />
      {banner}
      {/* On phones the layout's padding is the only one: no card around the list. */}
      {mobile ? body : <Card>{body}</Card>}
    </>
  );
}
