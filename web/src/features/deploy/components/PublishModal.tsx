import { hasHistory } from '@ferry/contract/client';
import { Alert, Flex, Form, Typography } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../platform';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useHeadCommit } from '../hooks/useHeadCommit';
import { usePublish } from '../hooks/usePublish';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';
import { initialVariableValues, variablesToSend } from '../utils/variables';
import { PublishSubject } from './PublishSubject';
import { VariableFields } from './VariableFields';

interface PublishModalProps {
  open: boolean;
  project?: DeployRow;
  target?: PublishTarget;
  onClose: () => void;
  /** The deploy was accepted: its token, for the progress drawer. */
  onStarted: (project: DeployRow, token: string) => void;
}

/**
 * The last word before a deploy: what it takes, where it goes and the values of the project's
 * variables. Deploys (or grey-deploys) on OK and says whether it runs now or waits in the queue.
 */
export function PublishModal({
  open,
  project,
  target = {},
  onClose,
  onStarted,
}: PublishModalProps) {
  const { t } = useTranslation(['deploy', 'common']);
  const { notification } = useFeedback();
  const [form] = Form.useForm<Record<string, string>>();
  const publish = usePublish();
  // The head PublishSubject shows (one query for both): a review is asked for that commit.
  const readsHead = open && hasHistory(project?.repoType ?? '') && !target.info;
  const head = useHeadCommit(project?.id ?? 0, project?.branch ?? '', readsHead);
  if (!project) return null;
  const variables = project.script.customVariables ?? [];
  const servers = target.servers;
  const name = project.name;

  const submit = async () => {
    // Without variables there is no form to ask.
    const values = variables.length ? await form.validateFields().catch(() => undefined) : {};
    if (!values) return;
    try {
      const answer = await publish.mutateAsync({
        projectId: project.id,
        commit: target.commit ?? (project.review === 1 ? (head.data?.commit ?? '') : ''),
        branch: target.branch ?? '',
        serverIds: servers?.map((s) => s.id) ?? [],
        customVariables: variablesToSend(variables, values),
        grey: servers !== undefined,
      });
      if (answer.reviewId !== undefined) {
        // The project needs a reviewer's approval: nothing runs yet, so no progress to follow.
        // Its texts come now: most publishes never need them, and the first page stays light.
        await loadNamespaces('review');
        notification.info({
          // The decision's word (useReviewFrames) takes this one's place.
          key: `review-${answer.reviewId}`,
          title: i18next.t('review:waiting', { name }),
          description: i18next.t('review:waitingHelp'),
          placement: 'bottomLeft',
          duration: 6,
        });
        onClose();
        return;
      }
      // The progress drawer opens at the top right: the word that it started keeps clear of it.
      notification.success({
        title:
          answer.ahead > 0
            ? t('deploy:publish.queued', { name, count: answer.ahead })
            : t('deploy:publish.started', { name }),
        placement: 'bottomLeft',
        duration: 3,
      });
      onClose();
      onStarted(project, answer.token);
    } catch {
      // `call` has shown why (no servers, a variable refused, …); the dialog stays to retry.
    }
  };

  return (
    <ResponsiveModal
      open={open}
      title={
        servers ? t('deploy:publish.greyTitle', { name }) : t('deploy:publish.title', { name })
      }
      okText={t('deploy:publish.ok')}
      cancelText={t('common:action.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
    >
      <Flex vertical gap={16}>
        {project.environment === 1 ? (
          <Alert type="warning" showIcon title={t('deploy:publish.production')} />
        ) : null}
        <PublishSubject project={project} target={target} />
        <Typography.Text>
          {servers
            ? t('deploy:publish.greyServers', { names: servers.map((s) => s.name).join(', ') })
            : t('deploy:publish.allServers', { count: project.serverIds?.length ?? 0 })}
        </Typography.Text>
        {variables.length > 0 ? (
          <Form
            form={form}
            layout="vertical"
            initialValues={initialVariableValues(variables)}
            onFinish={() => void submit()}
          >
            <VariableFields variables={variables} />
          </Form>
        ) : null}
      </Flex>
    </ResponsiveModal>
  );
}
