import { ApiOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePingRepos } from '../hooks/usePingRepos';
import { wireFieldError } from '../utils/projectFields';
import { repositoryInput, type ProjectFormValues } from '../utils/projectForm';
import { RepoOutcome } from './RepoOutcome';

/** The fields a repository test reads, validated before it runs. */
export const REPOSITORY_FIELDS = [
  'repoType',
  'url',
  'repoAuthType',
  'repoUsername',
  'repoToken',
  'repoPrivateKey',
] as const;

interface RepoTestProps {
  /** The stored project being edited: its secrets fill empty fields for the same host. */
  projectId?: number;
}

/** "Test repository" with what the form holds now, and the outcome below it. */
export function RepoTest({ projectId }: RepoTestProps) {
  const { t } = useTranslation('project');
  const form = Form.useFormInstance<ProjectFormValues>();
  const ping = usePingRepos();

  const run = async () => {
    try {
      await form.validateFields([...REPOSITORY_FIELDS]);
    } catch {
      return;
    }
    const input = repositoryInput(form.getFieldsValue(true) as ProjectFormValues);
    ping.mutate(projectId === undefined ? input : { id: projectId, ...input }, {
      onError: (e) => {
        const field = wireFieldError(e);
        if (field) form.setFields([field]);
      },
    });
  };

  return (
    <Flex vertical gap={12} style={{ marginBottom: 24 }}>
      <Flex align="center" gap={12} wrap>
        <Button icon={<ApiOutlined />} loading={ping.isPending} onClick={() => void run()}>
          {t('repo.test')}
        </Button>
        <Typography.Text type="secondary">
          {projectId === undefined ? t('repo.testHelpNew') : t('repo.testHelpStored')}
        </Typography.Text>
      </Flex>
      <RepoOutcome
        pending={ping.isPending}
        done={ping.isSuccess}
        hostKey={ping.data?.hostKey}
        error={ping.isError ? ping.error : undefined}
      />
    </Flex>
  );
}
