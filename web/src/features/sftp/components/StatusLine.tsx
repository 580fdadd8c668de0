import { theme, Typography } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/** The words under the table: how many entries, shown, picked, and whether more are coming. */
export function StatusLine(props: {
  total: number;
  shown: number;
  picked: number;
  reading: boolean;
}) {
  const { total, shown, picked, reading } = props;
  const { t } = useTranslation('sftp');
  const { token } = theme.useToken();
  // Thousands grouped as the reader's language writes them (10,000 in English).
  const n = (count: number) => ({ count, n: count.toLocaleString(i18next.language) });
  const parts = [reading ? t('status.reading', n(total)) : t('status.items', n(total))];
  if (shown !== total) parts.push(t('status.shown', n(shown)));
  if (picked > 0) parts.push(t('status.selected', n(picked)));
  return (
    <Typography.Text type="secondary" role="status" style={{ fontSize: token.fontSizeSM }}>
      {parts.join(' · ')}
    </Typography.Text>
  );
}
