import { Flex } from 'antd';
import type { ServerRow } from '../utils/ServerRow';
import { LastCheckCell } from './LastCheckCell';
import { StateCell } from './StateCell';

interface StatusCellProps {
  server: ServerRow;
  busy: boolean;
  onToggle: (server: ServerRow) => void;
}

/** One status: enabled or disabled (a switch for those who may change it), and the last check. */
export function StatusCell({ server, busy, onToggle }: StatusCellProps) {
  return (
    <Flex vertical gap={4} align="flex-start">
      <StateCell server={server} busy={busy} onToggle={onToggle} />
      <LastCheckCell server={server} />
    </Flex>
  );
}
