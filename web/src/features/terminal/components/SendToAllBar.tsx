import { SendOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { TerminalRegistry } from '../utils/terminalRegistry';

/** goploy's "send to all windows": one command line typed into every connected terminal. */
export function SendToAllBar({ registry }: { registry: TerminalRegistry }) {
  const { t } = useTranslation('terminal');
  const mobile = useIsMobile();
  const connected = useSyncExternalStore(registry.subscribe, registry.connectedCount);
  const [line, setLine] = useState('');

  const send = () => {
    if (registry.sendToAll(line) > 0) setLine('');
  };

  return (
    <Space.Compact style={{ width: mobile ? '100%' : 440 }}>
      <Input
        value={line}
        onChange={(e) => setLine(e.target.value)}
        onPressEnter={send}
        disabled={connected === 0}
        aria-label={t('sendAll.label')}
        placeholder={
          connected === 0 ? t('sendAll.noneConnected') : t('sendAll.placeholder', { n: connected })
        }
      />
      <Button icon={<SendOutlined />} disabled={connected === 0} onClick={send}>
        {t('sendAll.send')}
      </Button>
    </Space.Compact>
  );
}
