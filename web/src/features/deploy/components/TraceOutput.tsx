import { Button, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useTraceDetail } from '../hooks/useTraceDetail';
import { OutputBlock } from './OutputBlock';

/** A stage's full output, fetched when asked for (it may be a megabyte). */
export function TraceOutput({ id }: { id: number }) {
  const { t } = useTranslation('deploy');
  const [shown, setShown] = useState(false);
  const detail = useTraceDetail(id, shown);
  if (!shown) {
    return (
      <Button size="small" onClick={() => setShown(true)}>
        {t('trace.showOutput')}
      </Button>
    );
  }
  if (detail.isPending) return <Spin size="small" />;
  if (detail.isError)
    return <Typography.Text type="danger">{errorText(detail.error)}</Typography.Text>;
  if (!detail.data)
    return <Typography.Text type="secondary">{t('trace.noOutput')}</Typography.Text>;
  return <OutputBlock text={detail.data} label={t('trace.output')} />;
}
