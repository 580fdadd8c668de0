import { hasHistory, REPO_TYPES, repoUrlProblem, type RepoType } from '@ferry/contract/client';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProblemRule } from '../hooks/useProblemRule';
import type { ProjectRow } from '../utils/ProjectRow';
import { storedRepoSecrets } from '../utils/storedRepoSecrets';
import { BranchField } from './BranchField';
import { RepoCredentialFields } from './RepoCredentialFields';
import { RepoHostKeyInfo } from './RepoHostKeyInfo';
import { RepoKeyWarning } from './RepoKeyWarning';
import { FtpsCheckField } from './FtpsCheckField';
import { RepoTest } from './RepoTest';
import type { RuleKey } from '../utils/ruleText';

/** The address field's help, rule and example for each source with an address. */
const URL_FIELD: Record<
  Exclude<RepoType, 'empty'>,
  { help: `repo.urlHelp${'' | 'Svn' | 'Ftp' | 'Sftp'}`; rule: RuleKey; placeholder: string }
> = {
  git: { help: 'repo.urlHelp', rule: 'urlRule', placeholder: 'git@github.com:owner/repo.git' },
  svn: { help: 'repo.urlHelpSvn', rule: 'urlSvnRule', placeholder: 'svn://svn.example.com/repo' },
  ftp: {
    help: 'repo.urlHelpFtp',
    rule: 'urlFtpRule',
    placeholder: 'ftps://deploy@files.example.com/builds/shop',
  },
  sftp: {
    help: 'repo.urlHelpSftp',
    rule: 'urlSftpRule',
    placeholder: 'sftp://deploy@files.example.com/srv/builds/shop',
  },
};

interface RepositoryTabProps {
  /** The project being edited (its secrets may be kept); none for a new project or a copy. */
  editing?: ProjectRow;
  /** The project as the list shows it now, for its host-key warning. */
  live?: ProjectRow;
  onAcceptKey: (project: ProjectRow) => void;
}

/**
 * Where the code comes from: a git or Subversion address with its credential, a test, the branch;
 * an FTP or SFTP folder; or no repository at all, when the scripts alone make what is deployed.
 */
export function RepositoryTab({ editing, live, onAcceptKey }: RepositoryTabProps) {
  const { t } = useTranslation('project');
  const problemRule = useProblemRule();
  const repoType = Form.useWatch<RepoType | undefined>('repoType') ?? 'git';
  const url = Form.useWatch<string | undefined>('url') ?? editing?.url ?? '';
  const field = URL_FIELD[repoType === 'empty' ? 'git' : repoType];
  const stored = storedRepoSecrets(editing, url, repoType);
  return (
    <>
      {live?.repoPendingHostKey ? <RepoKeyWarning project={live} onAccept={onAcceptKey} /> : null}
      <Form.Item name="repoType" label={t('repo.type')}>
        <Radio.Group
          options={REPO_TYPES.map((value) => ({ value, label: t(`repoType.${value}`) }))}
        />
      </Form.Item>
      {repoType === 'empty' ? (
        <Alert type="info" showIcon title={t('repo.emptyHelp')} style={{ marginBottom: 24 }} />
      ) : (
        <>
          <Form.Item
            name="url"
            label={t('repo.url')}
            extra={t(field.help)}
            dependencies={['repoType']}
            rules={[
              { required: true, whitespace: true, message: t('rule.urlRequired') },
              problemRule((v) => repoUrlProblem(v, repoType), field.rule),
            ]}
          >
            <Input
              placeholder={field.placeholder}
              autoComplete="off"
              spellCheck={false}
              maxLength={1024}
            />
          </Form.Item>
          {repoType === 'ftp' && /^ftps:/i.test(url.trim()) ? <FtpsCheckField /> : null}
          <RepoCredentialFields stored={stored} repoType={repoType} />
          <RepoHostKeyInfo project={editing} />
          <RepoTest projectId={editing?.id} />
          {hasHistory(repoType) ? <BranchField projectId={editing?.id} /> : null}
        </>
      )}
    </>
  );
}
