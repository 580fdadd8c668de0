import { useTranslation } from 'react-i18next';
import { MAX_KEY_LENGTH, PrivateKeyInput } from '../../../ui/PrivateKeyInput';
import { StoredTag } from '../../../ui/StoredTag';

/** A pasted deploy key (an unencrypted OpenSSH or PEM private key), or one loaded from a file. */
export function RepoKeyField({ stored }: { stored: boolean }) {
  const { t } = useTranslation('project');
  return (
    <PrivateKeyInput
      name="repoPrivateKey"
      stored={stored}
      texts={{
        label: t('repo.privateKey'),
        extra: (
          <>
            {stored ? <StoredTag /> : null} {t('repo.privateKeyHelp')}
          </>
        ),
        required: t('repo.privateKeyRequired'),
        tooLong: t('rule.tooLong'),
        placeholder: stored ? t('repo.unchanged') : '-----BEGIN OPENSSH PRIVATE KEY-----',
        loadFile: t('repo.loadKeyFile'),
        tooBig: t('repo.keyFileTooBig', { max: MAX_KEY_LENGTH }),
        unreadable: t('repo.keyFileUnreadable'),
      }}
    />
  );
}
