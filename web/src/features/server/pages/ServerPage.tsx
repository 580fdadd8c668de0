import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Perm } from '@ferry/contract/client';
import { usePermission } from '../../../auth/usePermission';
import { ListPage } from '../../../ui/ListPage';
import { LazyAgentRunDrawer, type MetricSummary } from '../../metrics';
import { useMetricsSummary } from '../hooks/useMetricsSummary';
import { DEFAULT_PAGE_SIZE } from '../../../ui/pageSizes';
import type { PageState } from '../../../ui/useBrowserPagination';
import { HostKeyBanner } from '../components/HostKeyBanner';
import {
  BoundProjectsModal,
  CheckServerModal,
  ImportModal,
  InstallKeyModal,
  PublicKeyModal,
  ServerFormModal,
} from '../components/lazyDialogs';
import { ServerEmpty } from '../components/ServerEmpty';
import { ServerPageActions } from '../components/ServerPageActions';
import { ServerTable } from '../components/ServerTable';
import { ServerToolbar } from '../components/ServerToolbar';
import { useConfirmAcceptKey } from '../hooks/useConfirmAcceptKey';
import { useConfirmToggle } from '../hooks/useConfirmToggle';
import { useDialog } from '../../../ui/useDialog';
import { useRowCheck } from '../hooks/useRowCheck';
import { useServers } from '../hooks/useServers';
import {
  filterServers,
  hasPendingHostKey,
  isFiltered,
  NO_FILTER,
  type ServerFilter,
} from '../utils/filterServers';
import type { FormMode } from '../utils/serverForm';
import type { ServerRow } from '../utils/ServerRow';

const NO_USAGE: ReadonlyMap<number, MetricSummary> = new Map();
const NO_SELECTION: readonly number[] = [];

/**
 * /server/index: the servers of the namespace and the shared ones. Add, edit, copy, import,
 * test connections, install the console key, enable or disable, accept changed host keys, and
 * see and unbind the projects that deploy to a server.
 */
export function ServerPage(): ReactElement {
  const { t } = useTranslation(['menu', 'server']);
  const servers = useServers();
  const [filter, setFilter] = useState<ServerFilter>(NO_FILTER);
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const form = useDialog<{ mode: FormMode; server?: ServerRow }>();
  const importDialog = useDialog<never>();
  const publicKey = useDialog<never>();
  const installKey = useDialog<ServerRow>();
  const boundProjects = useDialog<ServerRow>();
  const rowCheck = useRowCheck();
  const { toggle, busyId } = useConfirmToggle();
  const acceptKey = useConfirmAcceptKey();
  const all = useMemo(() => servers.data ?? [], [servers.data]);
  const shown = useMemo(() => filterServers(all, filter), [all, filter]);
  const pending = useMemo(() => all.filter(hasPendingHostKey), [all]);
  const mayInstallAgent = usePermission([Perm.InstallAgent]);
  const maySeeMetrics = usePermission([Perm.ShowServerMonitorPage]);
  const installAgent = useDialog<never>();
  const agentTargets = useMemo(() => all.filter((s) => s.state === 1), [all]);
  const { current, pageSize } = page;
  const pageIds = useMemo(
    () => shown.slice((current - 1) * pageSize, current * pageSize).map((s) => s.id),
    [shown, current, pageSize],
  );
  const usage = useMetricsSummary(pageIds);
  const add = () => form.show({ mode: 'add' });

  return (
    <>
      <ListPage
        title={t('menu:serverIndex')}
        subtitle={t('server:subtitle')}
        extra={
          <ServerPageActions
            onAdd={add}
            onImport={() => importDialog.show()}
            onPublicKey={() => publicKey.show()}
            onInstallAgent={() => installAgent.show()}
          />
        }
        banner={<HostKeyBanner servers={pending} onAccept={acceptKey} />}
        filters={
          <ServerToolbar
            filter={filter}
            onChange={(f) => {
              setFilter(f);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
        }
        filtered={isFiltered(filter)}
        reloading={servers.isFetching}
        onReload={() => void servers.refetch()}
        error={
          servers.isError
            ? {
                title: t('server:loadFailed'),
                error: servers.error,
                onRetry: () => void servers.refetch(),
              }
            : undefined
        }
      >
        <ServerTable
          servers={shown}
          loading={servers.isPending}
          empty={<ServerEmpty filtered={isFiltered(filter)} onAdd={add} />}
          page={page}
          onPageChange={setPage}
          usage={maySeeMetrics ? (usage.data ?? NO_USAGE) : undefined}
          toggling={busyId}
          onToggle={toggle}
          onEdit={(server) => form.show({ mode: 'edit', server })}
          onCopy={(server) => form.show({ mode: 'copy', server })}
          onCheck={rowCheck.run}
          onInstallKey={(server) => installKey.show(server)}
          onProjects={(server) => boundProjects.show(server)}
        />
      </ListPage>
      <ServerFormModal
        open={form.open}
        mode={form.value?.mode ?? 'add'}
        server={form.value?.server}
        onClose={form.close}
      />
      {mayInstallAgent ? (
        <LazyAgentRunDrawer
          open={installAgent.open}
          action="install"
          servers={agentTargets}
          selected={NO_SELECTION}
          onClose={installAgent.close}
        />
      ) : null}
      <ImportModal open={importDialog.open} onClose={importDialog.close} />
      <PublicKeyModal open={publicKey.open} onClose={publicKey.close} />
      <InstallKeyModal
        open={installKey.open}
        server={installKey.value}
        onClose={installKey.close}
      />
      <BoundProjectsModal
        open={boundProjects.open}
        server={boundProjects.value}
        onClose={boundProjects.close}
      />
      <CheckServerModal
        open={rowCheck.open}
        server={rowCheck.server}
        pending={rowCheck.pending}
        result={rowCheck.result}
        error={rowCheck.error}
        onRetry={rowCheck.retry}
        onClose={rowCheck.close}
      />
    </>
  );
}
