import { Tag } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** A run's end: skipped (single mode), its exit code green when 0, red otherwise. */
export function RunCodeTag(props: { execCode: number; skipped: boolean }): ReactElement {
  const { t } = useTranslation('cron');
  if (props.skipped) return <Tag color="warning">{t('run.skipped')}</Tag>;
  return (
    <Tag color={props.execCode === 0 ? 'success' : 'error'}>
      {t('run.exit', { code: props.execCode })}
    </Tag>
  );
}
