import { CodeOutlined } from '@ant-design/icons';
import { Empty, Flex, Tabs } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { ServerPicker } from '../../../ui/ServerPicker';
import { useServerFromAddress } from '../../../ui/useServerFromAddress';
import { SendToAllBar } from '../components/SendToAllBar';
import { TerminalTab } from '../components/TerminalTab';
import { useFontSize } from '../hooks/useFontSize';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { useTerminalTabs } from '../hooks/useTerminalTabs';
import { createTerminalRegistry } from '../utils/terminalRegistry';

/**
 * /server/terminal: shells on the namespace's servers, one tab each, with goploy's "send to all
 * windows". Leaving the page or closing a tab ends its session.
 */
export function TerminalPage(): ReactElement {
  const { t } = useTranslation(['menu', 'terminal']);
  const servers = useServerOptions();
  const { tabs, activeKey, open, close, activate } = useTerminalTabs();
  const [registry] = useState(createTerminalRegistry);
  const [fontSize, setFontSize] = useFontSize();
  useServerFromAddress(servers.data, open, {
    to: '/server/terminal',
    unknownText: t('terminal:picker.unknown'),
  });

  return (
    <>
      <PageHeader title={t('menu:terminal')} subtitle={t('terminal:subtitle')} />
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <ServerPicker
          servers={servers.data ?? []}
          loading={servers.isPending}
          onOpen={open}
          icon={<CodeOutlined />}
          texts={{
            label: t('terminal:picker.label'),
            placeholder: t('terminal:picker.placeholder'),
            none: t('terminal:picker.none'),
            open: t('terminal:picker.open'),
          }}
        />
        <SendToAllBar registry={registry} />
      </Flex>
      {tabs.length === 0 ? (
        <Empty
          image={<CodeOutlined style={{ fontSize: 48, opacity: 0.45 }} />}
          description={t('terminal:empty')}
          style={{ padding: '48px 0' }}
        />
      ) : (
        <Tabs
          type="editable-card"
          hideAdd
          activeKey={activeKey}
          onChange={activate}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') close(key);
          }}
          items={tabs.map((tab) => ({
            key: tab.key,
            label: tab.title,
            children: (
              <TerminalTab
                tabKey={tab.key}
                serverId={tab.serverId}
                active={tab.key === activeKey}
                registry={registry}
                fontSize={fontSize}
                onFontSize={setFontSize}
              />
            ),
          }))}
        />
      )}
    </>
  );
}
