import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from './useIsMobile';

interface RowActionProps {
  icon: ReactNode;
  label: string;
  danger?: boolean;
  /** Why the action is not available; the button is then disabled and this is its tooltip. */
  blocked?: string;
  /** Only the icon; by default on phones. A wide table may ask for it on narrower screens. */
  compact?: boolean;
  onClick: () => void;
}

/**
 * A link button in a table row; on phones only its icon, named for screen readers and on hover.
 * A blocked one stays visible, disabled, and says why on hover or keyboard focus (a disabled
 * button gets neither, so a focusable wrapper carries the tooltip).
 */
export function RowAction({ icon, label, danger, blocked, compact, onClick }: RowActionProps) {
  const mobile = useIsMobile();
  compact ??= mobile;
  if (!blocked) {
    return (
      <Tooltip title={compact ? label : undefined}>
        <Button
          type="link"
          size="small"
          danger={danger}
          icon={icon}
          onClick={onClick}
          aria-label={compact ? label : undefined}
        >
          {compact ? null : label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={blocked} trigger={['hover', 'focus']}>
      <span tabIndex={0} aria-label={`${label}: ${blocked}`} style={{ cursor: 'not-allowed' }}>
        <Button
          type="link"
          size="small"
          danger={danger}
          icon={icon}
          disabled
          style={{ pointerEvents: 'none' }}
        >
          {compact ? null : label}
        </Button>
      </span>
    </Tooltip>
  );
}
