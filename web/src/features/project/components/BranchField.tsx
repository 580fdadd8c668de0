import { SyncOutlined } from '@ant-design/icons';
import { refNameProblem, repoUrlProblem, svnBranchProblem } from '@ferry/contract/client';
import { AutoComplete, Button, Flex, Form, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useProblemRule } from '../hooks/useProblemRule';
import { useRemoteBranches } from '../hooks/useRemoteBranches';
import { repositoryInput, type ProjectFormValues } from '../utils/projectForm';

/**
 * The branch to deploy: typed by hand, or picked from the remote's branches, which are fetched
 * (git runs on the console) when the list first opens or the reload button is pressed.
 */
export function BranchField({ projectId }: { projectId?: number }) {
  const { t } = useTranslation('project');
  const form = Form.useFormInstance<ProjectFormValues>();
  const branches = useRemoteBranches();
  const problemRule = useProblemRule();
  const svn = Form.useWatch<string | undefined>('repoType') === 'svn';
  // The repository the list was fetched for: another address or credential fetches again.
  const [fetchedFor, setFetchedFor] = useState<string>();
  // What the user typed since entering the field: the list starts whole, whatever the field holds.
  const [typed, setTyped] = useState('');

  const load = (force: boolean) => {
    const input = repositoryInput(form.getFieldsValue(true) as ProjectFormValues);
    if (repoUrlProblem(input.url ?? '', input.repoType)) {
      if (force) void form.validateFields(['url']).catch(() => undefined);
      return;
    }
    const body = projectId === undefined ? input : { id: projectId, ...input };
    const key = JSON.stringify(body);
    if (!force && key === fetchedFor) return;
    setFetchedFor(key);
    branches.mutate(body);
  };

  const needle = typed.trim().toLowerCase();
  const options = (branches.data?.branch ?? [])
    .filter((b) => b.toLowerCase().includes(needle))
    .map((b) => ({ value: b, label: b }));
  return (
    <Form.Item
      label={t('repo.branch')}
      required
      extra={
        branches.isError ? (
          <Typography.Text type="danger">
            {t('repo.branchesFailed', { reason: errorText(branches.error) })}
          </Typography.Text>
        ) : (
          t(svn ? 'repo.branchHelpSvn' : 'repo.branchHelp')
        )
      }
    >
      <Flex gap={8}>
        <Form.Item
          name="branch"
          noStyle
          rules={[
            { required: true, whitespace: true, message: t('rule.branchRequired') },
            svn
              ? problemRule(svnBranchProblem, 'svnBranch')
              : problemRule(refNameProblem, 'branch'),
          ]}
        >
          <AutoComplete
            aria-label={t('repo.branch')}
            options={options}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            onFocus={() => setTyped('')}
            onOpenChange={(open) => (open ? load(false) : undefined)}
            notFoundContent={branches.isPending ? <Spin size="small" /> : null}
            placeholder="main"
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
        <Tooltip title={t('repo.loadBranches')}>
          <Button
            icon={<SyncOutlined spin={branches.isPending} />}
            aria-label={t('repo.loadBranches')}
            onClick={() => load(true)}
          />
        </Tooltip>
      </Flex>
    </Form.Item>
  );
}
