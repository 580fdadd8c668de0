import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { Can } from '../../../auth/Can';
import { ListPage } from '../../../ui/ListPage';
import { DEFAULT_PAGE_SIZE } from '../../../ui/pageSizes';
import type { PageState } from '../../../ui/useBrowserPagination';
import { useDialog } from '../../../ui/useDialog';
import { MonitorDrawer } from '../components/lazyDialogs';
import { LazyMonitorDetailDrawer } from '../detail/LazyMonitorDetailDrawer';
import { MonitorEmpty } from '../components/MonitorEmpty';
import { MonitorTable } from '../components/MonitorTable';
import { MonitorToolbar } from '../components/MonitorToolbar';
import { useMonitors, useSparklines } from '../hooks/useMonitors';
import { useNow } from '../../../ui/useNow';
import { useRowCommands } from '../hooks/useRowCommands';
import { filterMonitors, isFiltered, NO_FILTER, type MonitorFilter } from '../utils/filterMonitors';
import type { FormMode } from '../utils/monitorForm';
import type { MonitorRow } from '../utils/MonitorRow';

/**
 * /monitor/index: the namespace's application monitors with their live state, uptime, latency
 * and last hour; add, edit (with a test run), pause or resume, and delete them.
 */
export function MonitorPage(): ReactElement {
  const { t } = useTranslation(['menu', 'monitor']);
  const monitors = useMonitors();
  const [filter, setFilter] = useState<MonitorFilter>(NO_FILTER);
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const form = useDialog<{ mode: FormMode; monitor?: MonitorRow }>();
  const detail = useDialog<number>();
  const commands = useRowCommands();
  const now = useNow(15_000);
  const all = useMemo(() => monitors.data ?? [], [monitors.data]);
  const shown = useMemo(() => filterMonitors(all, filter), [all, filter]);
  const sparklines = useSparklines(useMemo(() => all.map((m) => m.id), [all]));
  const servers = useServerOptions();
  const serverNames = useMemo(
    () => new Map((servers.data ?? []).map((s) => [s.id, s.name])),
    [servers.data],
  );
  const add = () => form.show({ mode: 'add' });

  return (
    <>
      <ListPage
        title={t('menu:monitorIndex')}
        subtitle={t('monitor:subtitle')}
        extra={
          <Can anyOf={[Perm.AddMonitor]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              {t('monitor:action.add')}
            </Button>
          </Can>
        }
        filters={
          <MonitorToolbar
            filter={filter}
            onChange={(f) => {
              setFilter(f);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
        }
        filtered={isFiltered(filter)}
        reloading={monitors.isFetching}
        onReload={() => {
          void monitors.refetch();
          void sparklines.refetch();
        }}
        error={
          monitors.isError
            ? {
                title: t('monitor:loadFailed'),
                error: monitors.error,
                onRetry: () => void monitors.refetch(),
              }
            : undefined
        }
      >
        <MonitorTable
          monitors={shown}
          loading={monitors.isPending}
          empty={<MonitorEmpty filtered={isFiltered(filter)} onAdd={add} />}
          page={page}
          onPageChange={setPage}
          sparklines={sparklines.data}
          serverNames={serverNames}
          now={now}
          onOpen={(monitor) => detail.show(monitor.id)}
          onToggle={commands.toggle}
          onEdit={(monitor) => form.show({ mode: 'edit', monitor })}
          onDelete={commands.remove}
        />
      </ListPage>
      <MonitorDrawer
        open={form.open}
        mode={form.value?.mode ?? 'add'}
        monitor={form.value?.monitor}
        onClose={form.close}
      />
      <LazyMonitorDetailDrawer
        monitor={all.find((m) => m.id === detail.value)}
        open={detail.open}
        onClose={detail.close}
      />
    </>
  );
}
