import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../ui/useIsMobile';

interface RowActionProps {
  icon: ReactNode;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** A link button in a table row; on phones only its icon, named for screen readers and on hover. */
export function RowAction({ icon, label, danger, onClick }: RowActionProps) {
  const compact = useIsMobile();
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
