import type { AgentState, MetricMode, MetricSourceState } from '@ferry/contract/client';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<MetricSourceState, string> = {
  unknown: 'default',
  ok: 'success',
  unreachable: 'error',
};
const AGENT_COLORS: Record<AgentState, string> = {
  none: 'default',
  installing: 'processing',
  installed: 'success',
  failed: 'error',
};

/** The collection mode as a tag: pulled, pushed by the agent, or off. */
export function ModeTag({ mode }: { mode: MetricMode }) {
  const { t } = useTranslation('metrics');
  return <Tag color={mode === 'off' ? 'default' : 'blue'}>{t(`mode.${mode}`)}</Tag>;
}

/** Whether the last collection reached the server. */
export function SourceStateTag({ state }: { state: MetricSourceState }) {
  const { t } = useTranslation('metrics');
  return <Tag color={STATE_COLORS[state]}>{t(`state.${state}`)}</Tag>;
}

/** Where the push agent stands on the server. */
export function AgentStateTag({ state }: { state: AgentState }) {
  const { t } = useTranslation('metrics');
  return <Tag color={AGENT_COLORS[state]}>{t(`agentState.${state}`)}</Tag>;
}
