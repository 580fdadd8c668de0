import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { usePublicKey } from '../hooks/usePublicKey';
import { CodeBox } from '../../../ui/CodeBox';

/** The console's public key, loaded on first use; a failure (no key configured) says so. */
export function ConsoleKeyView() {
  const { t } = useTranslation('server');
  const key = usePublicKey();
  if (key.isPending) return <Skeleton.Input active block />;
  if (key.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('publicKey.loadFailed')}
        description={errorText(key.error)}
      />
    );
  }
  return <CodeBox text={key.data} label={t('publicKey.key')} copyLabel={t('publicKey.copyKey')} />;
}
