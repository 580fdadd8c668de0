import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Card, Empty, Flex, Tabs } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { Can } from '../../../auth/Can';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { useDialog } from '../../../ui/useDialog';
import { useIsMobile } from '../../../ui/useIsMobile';
import { CronJobsPanel } from '../components/CronJobsPanel';
import { CronServerSelect } from '../components/CronServerSelect';
import { CrontabPanel } from '../components/CrontabPanel';
import type { CronJob } from '../utils/cronRows';

const route = getRouteApi('/app/server/cron');

/**
 * /server/cron?serverId=: the jobs Ferry keeps in a server's crontab (each run recorded), and
 * the server's whole crontab, whose lines can be imported as jobs.
 */
export function CronPage(): ReactElement {
  const { t } = useTranslation(['cron', 'menu']);
  const { serverId } = route.useSearch();
  const navigate = route.useNavigate();
  const servers = useServerOptions();
  const drawer = useDialog<CronJob>();
  const mobile = useIsMobile();
  const list = servers.data ?? [];
  const server = list.find((s) => s.id === serverId);
  const pick = (id: number) => void navigate({ search: { serverId: id }, replace: true });
  const first = list[0]?.id;

  // With no server in the address, the first one opens.
  useEffect(() => {
    if (serverId === undefined && first !== undefined) {
      void navigate({ search: { serverId: first }, replace: true });
    }
  }, [serverId, first, navigate]);

  const body = (
    <Flex vertical gap={12}>
      <CronServerSelect
        servers={list}
        loading={servers.isPending}
        value={serverId}
        onChange={pick}
      />
      {servers.isError ? (
        <ErrorState
          title={t('cron:page.serversFailed')}
          detail={errorText(servers.error)}
          onRetry={() => void servers.refetch()}
        />
      ) : server ? (
        <Tabs
          key={server.id}
          items={[
            {
              key: 'jobs',
              label: t('cron:page.jobs'),
              children: <CronJobsPanel serverId={server.id} drawer={drawer} />,
            },
            {
              key: 'crontab',
              label: t('cron:page.crontab'),
              children: <CrontabPanel serverId={server.id} />,
            },
          ]}
        />
      ) : servers.isPending ? null : (
        <Empty
          description={t(
            list.length === 0
              ? 'cron:page.noServers'
              : serverId
                ? 'cron:page.unknownServer'
                : 'cron:page.pickServer',
          )}
        />
      )}
    </Flex>
  );

  return (
    <>
      <PageHeader
        title={t('menu:cron')}
        subtitle={t('cron:page.subtitle')}
        extra={
          server ? (
            <Can anyOf={[Perm.AddCron]}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => drawer.show()}>
                {t('cron:list.add')}
              </Button>
            </Can>
          ) : null
        }
      />
      {/* On phones the layout's padding is the only one: no card around the page's body. */}
      {mobile ? body : <Card>{body}</Card>}
    </>
  );
}
