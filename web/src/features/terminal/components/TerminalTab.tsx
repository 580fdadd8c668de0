import { theme } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { usePreferences } from '../../../platform';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useFitTerminal } from '../hooks/useFitTerminal';
import { useTerminalSession } from '../hooks/useTerminalSession';
import { useXterm } from '../hooks/useXterm';
import type { TerminalRegistry } from '../utils/terminalRegistry';
import { xtermTheme } from '../utils/xtermTheme';
import { TerminalToolbar } from './TerminalToolbar';

const DESKTOP_HEIGHT = 'max(320px, calc(100dvh - 370px))';
const PHONE_HEIGHT = 'max(300px, calc(100dvh - 440px))';

interface TerminalTabProps {
  tabKey: string;
  serverId: number;
  /** Whether the tab is the one shown (a hidden terminal cannot be measured). */
  active: boolean;
  registry: TerminalRegistry;
  fontSize: number;
  onFontSize: (size: number) => void;
}

/** One terminal tab: a shell on a server in xterm.js, with its toolbar. */
export function TerminalTab({ tabKey, serverId, active, registry, ...font }: TerminalTabProps) {
  const { token } = theme.useToken();
  const mode = usePreferences((s) => s.theme);
  const mobile = useIsMobile();
  const [fullScreen, setFullScreen] = useState(false);
  const { ref, xterm } = useXterm(font.fontSize, mode);
  useFitTerminal(xterm, active);
  const { status, reconnect, send } = useTerminalSession(xterm, serverId);
  const connected = status.state === 'connected';

  useEffect(() => {
    registry.set(tabKey, { connected, send });
  }, [registry, tabKey, connected, send]);
  useEffect(() => () => registry.delete(tabKey), [registry, tabKey]);

  const frame: CSSProperties = fullScreen
    ? {
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        padding: 12,
        background: token.colorBgLayout,
      }
    : {};
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, ...frame }}>
      <TerminalToolbar
        xterm={xterm}
        status={status}
        onReconnect={reconnect}
        fullScreen={fullScreen}
        onFullScreen={setFullScreen}
        {...font}
      />
      <div
        style={{
          // Full screen: the rest of the window; otherwise the window below the page's header
          // (taller on phones, where the pickers take a line each).
          ...(fullScreen ? { flex: 1 } : { height: mobile ? PHONE_HEIGHT : DESKTOP_HEIGHT }),
          minHeight: 0,
          padding: 8,
          background: xtermTheme(mode).background,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        <div ref={ref} style={{ width: '100%', height: '100%' }} />
      </div>
    </div>
  );
}
