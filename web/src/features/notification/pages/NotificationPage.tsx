import { getRouteApi } from '@tanstack/react-router';
import { Tabs } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { DeliveryLog } from '../components/DeliveryLog';
import { TemplateBoard } from '../components/TemplateBoard';

const route = getRouteApi('/app/member/notification');

const NOTIFICATION_TABS = ['templates', 'delivery'] as const;

/**
 * /member/notification: the namespace's message templates by channel and use, and the log of
 * every message sent with its tries. The tab is in the address (`?tab=delivery`).
 */
export function NotificationPage(): ReactElement {
  const { t } = useTranslation(['menu', 'notification']);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab = search.tab ?? 'templates';
  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => void navigate({ search: key === 'delivery' ? { tab: 'delivery' } : {} })}
      items={NOTIFICATION_TABS.map((key) => ({ key, label: t(`notification:tab.${key}`) }))}
    />
  );
  if (tab === 'delivery') return <DeliveryLog title={t('menu:notification')} tabs={tabs} />;
  return (
    <>
      <PageHeader title={t('menu:notification')} subtitle={t('notification:subtitle')} />
      {tabs}
      <TemplateBoard />
    </>
  );
}
