import type { MonitorState } from '@ferry/contract/client';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The colour of each state, from the theme so that dark mode gets its own shades. */
export function useStateColor(): (state: MonitorState) => string {
  const { token } = theme.useToken();
  return (state) =>
    ({
      up: token.colorSuccess,
      failing: token.colorWarning,
      down: token.colorError,
      paused: token.colorTextQuaternary,
      unknown: token.colorInfo,
    })[state];
}

/** A monitor's live state as a dot, named for screen readers and on hover. */
export function StateDot({ state }: { state: MonitorState }) {
  const { t } = useTranslation('monitor');
  const color = useStateColor()(state);
  const label = t(`state.${state}`);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-state={state}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: state === 'unknown' ? 'transparent' : color,
        border: state === 'unknown' ? `2px solid ${color}` : undefined,
        boxSizing: 'border-box',
        boxShadow: state === 'down' ? `0 0 0 3px ${color}33` : undefined,
      }}
    />
  );
}
