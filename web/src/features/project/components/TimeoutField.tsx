import { TIMEOUT_LIMITS } from '@ferry/contract/client';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { durationParts } from '../utils/durationParts';

type TimeoutName = 'buildTimeout' | 'transferTimeout' | 'afterDeployTimeout';

/** "1 h 30 min" for 5400 seconds, in the user's language. */
function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation('project');
  return (seconds) => {
    const { hours, minutes, seconds: rest } = durationParts(seconds);
    const parts = [
      hours ? t('duration.hours', { count: hours }) : '',
      minutes ? t('duration.minutes', { count: minutes }) : '',
      rest ? t('duration.seconds', { count: rest }) : '',
    ].filter(Boolean);
    return parts.join(' ');
  };
}

/** A stage's time limit in seconds, with how long that is in words. */
export function TimeoutField({ name }: { name: TimeoutName }) {
  const { t } = useTranslation('project');
  const value = Form.useWatch<number | null | undefined>(name);
  const durationText = useDurationText();
  const hint = typeof value === 'number' && value > 0 ? durationText(value) : undefined;
  return (
    <Form.Item
      name={name}
      label={t(`advanced.${name}`)}
      extra={[hint, t(`advanced.${name}Help`)].filter(Boolean).join(' · ')}
      rules={[
        {
          required: true,
          message: t('rule.range', { min: TIMEOUT_LIMITS.min, max: TIMEOUT_LIMITS.max }),
        },
      ]}
    >
      <InputNumber
        min={TIMEOUT_LIMITS.min}
        max={TIMEOUT_LIMITS.max}
        precision={0}
        suffix={t('advanced.secondsUnit')}
        style={{ width: 200 }}
      />
    </Form.Item>
  );
}
