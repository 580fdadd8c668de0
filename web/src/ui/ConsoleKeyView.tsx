import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText';
import { usePublicKey } from '../api/usePublicKey';
import { CodeBox } from './CodeBox';

/** The console's public key, loaded on first use; a failure (no key configured) says so. */
export function ConsoleKeyView() {
  const { t } = useTranslation();
  const key = usePublicKey();
  if (key.isPending) return <Skeleton.Input active block />;
  if (key.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('consoleKey.loadFailed')}
        description={errorText(key.error)}
      />
    );
  }
  return <CodeBox text={key.data} label={t('consoleKey.key')} copyLabel={t('consoleKey.copy')} />;
}
