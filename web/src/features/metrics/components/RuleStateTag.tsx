import type { RuleState } from '@ferry/contract/client';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RuleState, string> = {
  ok: 'success',
  breaching: 'warning',
  alerted: 'error',
  silent: 'purple',
};

/** A rule's evaluation: ok, breaching (not yet alerted), alerted, or silenced after an alert. */
export function RuleStateTag({ state }: { state: RuleState }) {
  const { t } = useTranslation('metrics');
  return (
    <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`rules.state.${state}`)}
    </Tag>
  );
}
