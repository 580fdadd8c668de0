import { useTranslation } from 'react-i18next';
import { MAX_KEY_LENGTH, PrivateKeyInput } from '../../../ui/PrivateKeyInput';
import { StoredTag } from '../../../ui/StoredTag';

interface PrivateKeyFieldProps {
  name: string;
  stored: boolean;
}

/** A server's (or its jump host's) pasted private key, or one loaded from a file. */
export function PrivateKeyField({ name, stored }: PrivateKeyFieldProps) {
  const { t } = useTranslation('server');
  return (
    <PrivateKeyInput
      name={name}
      stored={stored}
      texts={{
        label: t('form.privateKey'),
        extra: stored ? <StoredTag /> : undefined,
        required: t('form.privateKeyRequired'),
        tooLong: t('form.tooLong', { max: MAX_KEY_LENGTH }),
        placeholder: stored ? t('form.unchanged') : t('form.privateKeyPlaceholder'),
        loadFile: t('form.loadKeyFile'),
        tooBig: t('form.keyFileTooBig', { max: MAX_KEY_LENGTH }),
        unreadable: t('form.keyFileUnreadable'),
      }}
    />
  );
}
