import { GatewayOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useNavigate } from '@tanstack/react-router';
import { Button, Empty, Flex, Tabs } from 'antd';
import { useCallback, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { ServerPicker } from '../../../ui/ServerPicker';
import { useFeedback } from '../../../ui/useFeedback';
import { NginxServerTab } from '../components/NginxServerTab';
import { useNginxTabs } from '../hooks/useNginxTabs';

const EMPTY_ICON = <GatewayOutlined style={{ fontSize: 48, opacity: 0.45 }} />;

/**
 * /server/nginx: each open server's nginx in a tab: its binary, its configuration files in an
 * editor that saves only what `nginx -t` accepts, the versions of each file, check and reload.
 */
export function NginxPage(): ReactElement {
  const { t } = useTranslation(['menu', 'nginx', 'common']);
  const { modal } = useFeedback();
  const servers = useServerOptions();
  const { tabs, activeId, open, close, activate } = useNginxTabs(
    servers.data,
    t('nginx:picker.unknown'),
  );
  const mayListServers = usePermission([Perm.ShowServerPage]);
  // The tabs whose open file has unsaved changes: closing one asks first.
  const dirtyTabs = useRef(new Set<number>());
  const markDirty = useCallback((id: number, dirty: boolean) => {
    if (dirty) dirtyTabs.current.add(id);
    else dirtyTabs.current.delete(id);
  }, []);
  const closeTab = (id: number) => {
    const discard = () => {
      dirtyTabs.current.delete(id);
      close(id);
    };
    if (!dirtyTabs.current.has(id)) return discard();
    modal.confirm({
      title: t('nginx:discard.title'),
      content: t('nginx:discard.content'),
      okText: t('nginx:discard.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: discard,
    });
  };
  const navigate = useNavigate();

  let content: ReactElement;
  if (servers.isError) {
    content = (
      <ErrorState
        title={t('nginx:serversFailed')}
        detail={errorText(servers.error)}
        onRetry={() => void servers.refetch()}
      />
    );
  } else if (servers.data?.length === 0) {
    content = (
      <Empty image={EMPTY_ICON} description={t('nginx:noServers')} style={{ padding: '48px 0' }}>
        {mayListServers ? (
          <Button onClick={() => void navigate({ to: '/server/index' })}>
            {t('nginx:toServers')}
          </Button>
        ) : null}
      </Empty>
    );
  } else if (tabs.length === 0) {
    content = (
      <Empty image={EMPTY_ICON} description={t('nginx:empty')} style={{ padding: '48px 0' }} />
    );
  } else {
    content = (
      <Tabs
        type="editable-card"
        hideAdd
        activeKey={activeId === undefined ? undefined : String(activeId)}
        onChange={(key) => activate(Number(key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') closeTab(Number(key));
        }}
        items={tabs.map((tab) => ({
          key: String(tab.server.id),
          label: tab.server.name,
          children: (
            <NginxServerTab
              serverId={tab.server.id}
              onDirty={(dirty) => markDirty(tab.server.id, dirty)}
            />
          ),
        }))}
      />
    );
  }

  return (
    <>
      <PageHeader title={t('menu:nginx')} subtitle={t('nginx:subtitle')} />
      <Flex style={{ marginBottom: 16 }}>
        <ServerPicker
          servers={servers.data ?? []}
          loading={servers.isPending}
          onOpen={open}
          icon={<GatewayOutlined />}
          texts={{
            label: t('nginx:picker.label'),
            placeholder: t('nginx:picker.placeholder'),
            none: t('nginx:picker.none'),
            open: t('nginx:picker.open'),
          }}
        />
      </Flex>
      {content}
    </>
  );
}
