import {
  CopyOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ReloadOutlined,
  SnippetsOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminalClipboard } from '../hooks/useTerminalClipboard';
import type { Xterm } from '../hooks/useXterm';
import { MAX_FONT_SIZE, MIN_FONT_SIZE } from '../utils/fontSize';
import type { TerminalStatus } from '../utils/terminalStatus';
import { TerminalSearch } from './TerminalSearch';
import { TerminalStatusTag } from './TerminalStatusTag';

interface TerminalToolbarProps {
  xterm: Xterm | undefined;
  status: TerminalStatus;
  onReconnect: () => void;
  fontSize: number;
  onFontSize: (size: number) => void;
  fullScreen: boolean;
  onFullScreen: (on: boolean) => void;
}

/** An icon button whose name is its tooltip. */
function ToolButton(props: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      size="small"
      icon={props.icon}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    />
  );
}

/** Above a terminal: its state and reconnect, search, clipboard, font size and full screen. */
export function TerminalToolbar(props: TerminalToolbarProps) {
  const { xterm, status, fontSize, onFontSize, fullScreen } = props;
  const { t } = useTranslation('terminal');
  const clipboard = useTerminalClipboard(xterm);

  return (
    <Flex align="center" justify="space-between" gap={8} wrap>
      <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
        <TerminalStatusTag status={status} />
        {status.state === 'closed' ? (
          <Button size="small" type="primary" icon={<ReloadOutlined />} onClick={props.onReconnect}>
            {t('reconnect')}
          </Button>
        ) : null}
      </Flex>
      <Flex align="center" gap={8} wrap>
        <TerminalSearch xterm={xterm} />
        <Space.Compact size="small">
          <ToolButton
            label={t('toolbar.copy')}
            icon={<CopyOutlined />}
            onClick={() => void clipboard.copy()}
          />
          <ToolButton
            label={t('toolbar.paste')}
            icon={<SnippetsOutlined />}
            onClick={() => void clipboard.paste()}
            disabled={status.state !== 'connected'}
          />
        </Space.Compact>
        <Space.Compact size="small">
          <ToolButton
            label={t('toolbar.smaller')}
            icon={<ZoomOutOutlined />}
            onClick={() => onFontSize(fontSize - 1)}
            disabled={fontSize <= MIN_FONT_SIZE}
          />
          <ToolButton
            label={t('toolbar.larger')}
            icon={<ZoomInOutlined />}
            onClick={() => onFontSize(fontSize + 1)}
            disabled={fontSize >= MAX_FONT_SIZE}
          />
        </Space.Compact>
        <ToolButton
          label={fullScreen ? t('toolbar.exitFullScreen') : t('toolbar.fullScreen')}
          icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={() => props.onFullScreen(!fullScreen)}
        />
      </Flex>
    </Flex>
  );
}
