import { Button, Grid, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface RowActionProps {
  icon: ReactNode;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/**
 * A link button in a table row. Below 1600px only its icon, named for screen readers and on hover,
 * so the fixed actions column leaves room for the server's columns.
 */
export function RowAction({ icon, label, danger, onClick }: RowActionProps) {
  const compact = !Grid.useBreakpoint().xxl;
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
