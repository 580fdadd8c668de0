import { CheckCircleOutlined, CloseCircleOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleRow } from '../utils/ConsoleRow';
import { consoleState, type ConsoleState } from '../utils/consoleState';

const LOOK: Record<ConsoleState, { color: string; icon: ReactNode }> = {
  up: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  draining: { color: 'warning', icon: <PoweroffOutlined aria-hidden /> },
  down: { color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
};

/** Up (green), draining (orange) or down (red), with what that means on hover. */
export function ConsoleStateTag({ row }: { row: Pick<ConsoleRow, 'up' | 'draining'> }) {
  const { t } = useTranslation('system');
  const state = consoleState(row);
  return (
    <Tooltip title={t(`consoles.stateHelp.${state}`)}>
      <Tag
        color={LOOK[state].color}
        icon={LOOK[state].icon}
        variant="filled"
        style={{ marginInlineEnd: 0 }}
      >
        {t(`consoles.state.${state}`)}
      </Tag>
    </Tooltip>
  );
}
