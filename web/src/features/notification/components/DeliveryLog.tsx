import { Perm } from '@ferry/contract/client';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectOptions } from '../../../api/options/useProjectNames';
import { usePermission } from '../../../auth/usePermission';
import { FilterBar } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { currentPage } from '../../../ui/pageSearch';
import { useAddressPagination } from '../../../ui/useAddressPagination';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useDeliveries, useDeliveryTotal, useResend } from '../hooks/useDeliveries';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATES_LIST,
  type DeliveryFilter,
  type DeliveryRow,
} from '../utils/deliveryRow';
import { AttemptsDrawer } from './AttemptsDrawer';
import { DeliveryTable } from './DeliveryTable';

const route = getRouteApi('/app/member/notification');

interface DeliveryLogProps {
  title: string;
  /** The page's tab strip, between the title and the list. */
  tabs: ReactNode;
}

/**
 * The delivery log tab: every message of the namespace, filtered by subject, project, channel
 * and state and paged by the server; each row's tries, and sending a message again.
 */
export function DeliveryLog({ title, tabs }: DeliveryLogProps) {
  const { t } = useTranslation('notification');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filter: DeliveryFilter = {
    subject: search.subject ?? '',
    projectId: search.projectId ?? 0,
    channel: search.channel ?? 0,
    state: search.state ?? '',
  };
  const current = currentPage(search);
  const list = useDeliveries({ ...filter, ...current });
  const total = useDeliveryTotal(filter);
  const projects = useProjectOptions();
  const mayResend = usePermission([Perm.EditNotification, Perm.EditProject]);
  const resend = useResend();
  const confirm = useConfirmAction();
  const [tries, setTries] = useState<{ open: boolean; row?: DeliveryRow }>({ open: false });
  const reload = () => {
    void list.refetch();
    void total.refetch();
  };
  const pagination = useAddressPagination(current, total.data ?? list.data?.length ?? 0, (page) => {
    void navigate({ search: (prev) => ({ ...prev, ...page }) });
  });
  const filtered = Object.values(filter).some(Boolean);
  const sendAgain = (row: DeliveryRow) =>
    confirm({
      title: t('delivery.sendAgainTitle'),
      content: t('delivery.sendAgainContent', { subject: row.subject }),
      okText: t('delivery.sendAgainOk'),
      run: () => resend.mutateAsync(row.id),
      done: t('delivery.queued'),
    });
  // The shown row follows the list, so a reload updates its state in the drawer too.
  const shownRow = list.data?.find((r) => r.id === tries.row?.id) ?? tries.row;

  return (
    <>
      <ListPage
        title={title}
        subtitle={t('delivery.subtitle')}
        banner={tabs}
        filters={
          <FilterBar
            flush
            fields={[
              {
                name: 'subject',
                label: t('delivery.subject'),
                placeholder: t('delivery.subjectPlaceholder'),
              },
              ...(projects
                ? [
                    {
                      name: 'projectId' as const,
                      label: t('delivery.project'),
                      placeholder: t('delivery.projectPlaceholder'),
                      choices: projects.map((p) => ({ value: String(p.id), label: p.name })),
                    },
                  ]
                : []),
              {
                name: 'channel',
                label: t('delivery.channel'),
                placeholder: t('delivery.channelPlaceholder'),
                choices: DELIVERY_CHANNELS.map((c) => ({
                  value: String(c),
                  label: t(`channel.${c}`),
                })),
              },
              {
                name: 'state',
                label: t('delivery.state'),
                placeholder: t('delivery.statePlaceholder'),
                choices: DELIVERY_STATES_LIST.map((s) => ({
                  value: s,
                  label: t(`delivery.states.${s}`),
                })),
              },
            ]}
            values={{
              subject: filter.subject,
              projectId: filter.projectId ? String(filter.projectId) : '',
              channel: filter.channel ? String(filter.channel) : '',
              state: filter.state,
            }}
            onSearch={(v) =>
              void navigate({
                search: (prev) => ({
                  tab: 'delivery' as const,
                  subject: v.subject || undefined,
                  projectId: Number(v.projectId) || undefined,
                  channel: Number(v.channel) || undefined,
                  state: DELIVERY_STATES_LIST.find((s) => s === v.state),
                  rows: prev.rows,
                }),
              })
            }
            onReset={() =>
              void navigate({ search: (prev) => ({ tab: 'delivery' as const, rows: prev.rows }) })
            }
          />
        }
        filtered={filtered}
        reloading={list.isFetching}
        onReload={reload}
        error={
          list.isError
            ? { title: t('delivery.loadFailed'), error: list.error, onRetry: reload }
            : undefined
        }
      >
        <DeliveryTable
          rows={list.data ?? []}
          loading={list.isFetching}
          filtered={filtered}
          pagination={pagination}
          onTries={(row) => setTries({ open: true, row })}
          onSendAgain={mayResend ? sendAgain : undefined}
        />
      </ListPage>
      <AttemptsDrawer
        open={tries.open}
        row={shownRow}
        onClose={() => setTries((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
