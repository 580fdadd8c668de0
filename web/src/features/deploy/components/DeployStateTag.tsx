import { SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardState } from '../utils/cardState';

/** The tag of a project's deploy state, live: queued with its place, deploying with its stage. */
export function DeployStateTag({ state }: { state: CardState }) {
  const { t } = useTranslation('deploy');
  switch (state.kind) {
    case 'queued':
      return (
        <Tag color="gold" variant="filled">
          {state.ahead > 0 ? t('state.queuedAhead', { count: state.ahead }) : t('state.queued')}
        </Tag>
      );
    case 'deploying': {
      const text = state.stage
        ? t('state.deployingStage', { stage: t(`stage.${state.stage}`) })
        : t('state.deploying');
      return (
        <Tag color="processing" variant="filled" icon={<SyncOutlined spin />}>
          {state.waiting > 0 ? `${text} · ${t('state.waiting', { count: state.waiting })}` : text}
        </Tag>
      );
    }
    case 'success':
      return (
        <Tag color="success" variant="filled">
          {t('state.success')}
        </Tag>
      );
    case 'fail':
      return (
        <Tag color="error" variant="filled">
          {t('state.fail')}
        </Tag>
      );
    case 'cancelled':
      return <Tag variant="filled">{t('state.cancelled')}</Tag>;
    case 'none':
      return <Tag variant="filled">{t('state.none')}</Tag>;
  }
}
