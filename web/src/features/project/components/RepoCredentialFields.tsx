import {
  authTypesFor,
  authTypesOf,
  parseRepoUrl,
  REPO_AUTH_TYPES,
  type RepoAuthType,
  type RepoType,
} from '@ferry/contract/client';
import { Flex, Form, Input, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleKeyView } from '../../../ui/ConsoleKeyView';
import { StoredTag } from '../../../ui/StoredTag';
import type { ProjectFormValues } from '../utils/projectForm';
import type { StoredRepoSecrets } from '../utils/storedRepoSecrets';
import { RepoKeyField } from './RepoKeyField';

/**
 * The credential types the address allows; all of them while it cannot be read yet, except for an
 * SFTP or FTP source, whose every address allows the same.
 */
function allowedFor(url: string, repoType: RepoType): readonly RepoAuthType[] {
  const parsed = parseRepoUrl(url.trim(), repoType);
  const folder = repoType === 'sftp' || repoType === 'ftp' ? repoType : undefined;
  const kind = 'problem' in parsed ? folder : parsed.kind;
  if (!kind) return REPO_AUTH_TYPES;
  const allowed = 'problem' in parsed ? authTypesFor(kind) : authTypesOf(parsed);
  return REPO_AUTH_TYPES.filter((a) => allowed.includes(a));
}

/**
 * A username and a token for an https address, or a Subversion account's password; an SFTP
 * source's password alone (its user is in the address). Empty keeps a stored one.
 */
function TokenFields({ stored, repoType }: { stored: StoredRepoSecrets; repoType: RepoType }) {
  const { t } = useTranslation('project');
  const svn = repoType === 'svn';
  // FTP and SFTP sources name the user in the address.
  const sftp = repoType === 'sftp' || repoType === 'ftp';
  const password = svn || sftp;
  const storedNote = stored.token ? (
    <StoredTag />
  ) : stored.dropped ? (
    t('repo.secretAgain')
  ) : sftp ? (
    t(repoType === 'ftp' ? 'repo.passwordHelpFtp' : 'repo.passwordHelpSftp')
  ) : undefined;
  return (
    <>
      {sftp ? null : (
        <Form.Item
          name="repoUsername"
          label={t('repo.username')}
          extra={t(svn ? 'repo.usernameHelpSvn' : 'repo.usernameHelp')}
          rules={[{ max: 255, message: t('rule.tooLong') }]}
        >
          <Input autoComplete="off" maxLength={255} />
        </Form.Item>
      )}
      <Form.Item
        name="repoToken"
        label={t(password ? 'repo.password' : 'repo.token')}
        extra={storedNote}
        rules={[
          {
            required: !stored.token,
            whitespace: true,
            message: t(password ? 'repo.passwordRequired' : 'repo.tokenRequired'),
          },
          { max: 4096, message: t('rule.tooLong') },
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={stored.token ? t('repo.unchanged') : undefined}
        />
      </Form.Item>
    </>
  );
}

/**
 * How the console proves itself to the repository, limited to what the address allows (a token
 * never travels over plain http or ssh); the fields of the chosen way.
 */
export function RepoCredentialFields({
  stored,
  repoType,
}: {
  stored: StoredRepoSecrets;
  repoType: RepoType;
}) {
  const { t } = useTranslation('project');
  const form = Form.useFormInstance<ProjectFormValues>();
  const url = Form.useWatch<string | undefined>('url') ?? '';
  const authType = Form.useWatch<RepoAuthType | undefined>('repoAuthType') ?? 'none';
  const allowed = allowedFor(url, repoType);
  const label = (value: RepoAuthType) => {
    if (repoType === 'ftp' && value === 'none') return 'repoAuth.anonymous' as const;
    if (repoType === 'sftp' && value === 'none') return 'repoAuth.keyFileInAddress' as const;
    if (value !== 'token') return `repoAuth.${value}` as const;
    if (repoType === 'svn') return 'repoAuth.password' as const;
    return repoType === 'sftp' || repoType === 'ftp'
      ? ('repoAuth.sftpPassword' as const)
      : ('repoAuth.token' as const);
  };

  // A new address may not allow the chosen way (a token for an ssh address): fall back to none,
  // or to the first way allowed where none is not (an SFTP source).
  useEffect(() => {
    if (!allowed.includes(authType)) {
      form.setFieldValue('repoAuthType', allowed.includes('none') ? 'none' : allowed[0]);
    }
  }, [allowed, authType, form]);

  return (
    <>
      <Form.Item name="repoAuthType" label={t('repo.authType')}>
        <Radio.Group
          options={allowed.map((value) => ({
            value,
            label: t(label(value)),
          }))}
        />
      </Form.Item>
      {authType === 'token' ? <TokenFields stored={stored} repoType={repoType} /> : null}
      {authType === 'key' ? <RepoKeyField stored={stored.privateKey} /> : null}
      {authType === 'key' && stored.dropped && !stored.privateKey ? (
        <Typography.Paragraph type="secondary">{t('repo.secretAgain')}</Typography.Paragraph>
      ) : null}
      {authType === 'consoleKey' ? (
        <Flex vertical gap={8} style={{ marginBottom: 24 }}>
          <Typography.Text type="secondary">{t('repo.consoleKeyHelp')}</Typography.Text>
          <ConsoleKeyView />
        </Flex>
      ) : null}
    </>
  );
}
