import { Flex, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../ui/ListPage';
import { useIsMobile } from '../../../ui/useIsMobile';
import { DeployCardGrid } from '../components/DeployCardGrid';
import { DeployDialogs } from '../components/DeployDialogs';
import { DeployEmpty } from '../components/DeployEmpty';
import { DeployToolbar } from '../components/DeployToolbar';
import { useDeployDialogs } from '../hooks/useDeployDialogs';
import { useDeployFrames } from '../hooks/useDeployFrames';
import { useDeployList } from '../hooks/useDeployList';
import { useDeployView } from '../hooks/useDeployView';
import { usePinnedProjects } from '../hooks/usePinnedProjects';
import { useReviewFrames } from '../hooks/useReviewFrames';
import { cardLive } from '../utils/cardState';
import type { DeployRow } from '../utils/DeployRow';
import {
  filterDeploys,
  isFiltered,
  labelsOf,
  NO_FILTER,
  type DeployFilter,
} from '../utils/filterDeploys';

// antd's table (with its filter tree and pagination) loads only when the table view is chosen.
const DeployTable = lazy(() =>
  import('../components/DeployTable').then((m) => ({ default: m.DeployTable })),
);

/**
 * /deploy/index: the projects the user may deploy, as cards or a table, each with its live state
 * (hub frames patch it without reloading), last commit and the deploy actions the user may use.
 */
export function DeployPage(): ReactElement {
  const { t } = useTranslation(['menu', 'deploy']);
  const list = useDeployList();
  const framesFor = useDeployFrames();
  const { pinned, toggle } = usePinnedProjects();
  const [view, setView] = useDeployView();
  const [filter, setFilter] = useState<DeployFilter>(NO_FILTER);
  const dialogs = useDeployDialogs();
  useReviewFrames(dialogs.handlers);
  const all = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => filterDeploys(all, filter, pinned), [all, filter, pinned]);
  const labels = useMemo(() => labelsOf(all), [all]);
  const since = list.dataUpdatedAt;
  const liveOf = (row: DeployRow) => {
    const { recent, earlier } = framesFor(row.id, since);
    return cardLive(row, recent, earlier);
  };
  const items = {
    projects: shown,
    liveOf,
    pinned,
    onTogglePin: (p: DeployRow) => toggle(p.id),
    on: dialogs.handlers,
    empty: <DeployEmpty filtered={isFiltered(filter)} />,
  };

  const mobile = useIsMobile();
  // Phones show cards: the table's columns would not fit.
  const shownView = mobile ? 'card' : view;
  const reload = () => void list.refetch();

  let body: ReactElement;
  if (list.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={t('deploy:loading')} />
      </Flex>
    );
  } else if (shownView === 'card') {
    body = <DeployCardGrid {...items} />;
  } else {
    body = (
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
        <DeployTable {...items} loading={list.isFetching} />
      </Suspense>
    );
  }

  return (
    <>
      <ListPage
        title={t('menu:deployIndex')}
        subtitle={t('deploy:subtitle')}
        filters={
          <DeployToolbar
            filter={filter}
            onChange={setFilter}
            labels={labels}
            view={view}
            onView={setView}
          />
        }
        filtered={isFiltered(filter)}
        reloading={list.isFetching}
        onReload={reload}
        error={
          list.isError
            ? { title: t('deploy:loadFailed'), error: list.error, onRetry: reload }
            : undefined
        }
      >
        {body}
      </ListPage>
      <DeployDialogs d={dialogs} />
    </>
  );
}
