import { SendOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Flex, Form, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { useSendTest, type TestOutcome } from '../hooks/useSendTest';
import { notifySecretOf, type ProjectFormValues } from '../utils/projectForm';

/** The delivery log's address: the project's deliveries once it exists, else all of them. */
const deliveryLogOf = (projectId?: number) =>
  projectId === undefined ? { tab: 'delivery' as const } : { tab: 'delivery' as const, projectId };

/** The fields a test message reads, validated before it is sent. */
const NOTIFY_FIELDS = ['notifyType', 'notifyTarget', 'notifySecret'] as const;

/**
 * "Send test message" to the channel the form holds now (with the stored secret when the field
 * is empty on edit), then the channel's answer: sent, or its code and message.
 */
export function NotifyTest({ projectId }: { projectId?: number }) {
  const { t } = useTranslation(['project', 'notification']);
  const form = Form.useFormInstance<ProjectFormValues>();
  const test = useSendTest();
  const mayReadLog = usePermission([Perm.ShowNotificationPage]);
  const type = Form.useWatch<number | undefined>('notifyType');
  const target = Form.useWatch<string | undefined>('notifyTarget');
  const secret = Form.useWatch<string | undefined>('notifySecret');
  // An answer speaks of the channel it was sent to: another address or secret makes it stale.
  const sent = test.variables;
  const current =
    sent !== undefined &&
    sent.notifyType === type &&
    sent.notifyTarget === (target ?? '').trim() &&
    sent.notifySecret === notifySecretOf({ notifyType: type ?? 0, notifySecret: secret ?? '' });

  const run = async () => {
    try {
      await form.validateFields([...NOTIFY_FIELDS]);
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as ProjectFormValues;
    test.mutate({
      projectId: projectId ?? 0,
      notifyType: v.notifyType,
      notifyTarget: v.notifyTarget.trim(),
      notifySecret: notifySecretOf(v),
    });
  };

  return (
    <Flex vertical gap={12} style={{ marginBottom: 24 }}>
      <Flex align="center" gap={12} wrap>
        <Button icon={<SendOutlined />} loading={test.isPending} onClick={() => void run()}>
          {t('notification:projectForm.test')}
        </Button>
        {test.isPending ? (
          <Flex gap={8} align="center">
            <Spin size="small" />
            <Typography.Text type="secondary">
              {t('notification:projectForm.testWaiting')}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">
            {t('notification:projectForm.testHelp')}
          </Typography.Text>
        )}
      </Flex>
      {mayReadLog && projectId !== undefined ? (
        <Link to="/member/notification" search={deliveryLogOf(projectId)}>
          {t('notification:projectForm.projectLog')}
        </Link>
      ) : null}
      {test.data && current ? (
        <TestAnswer
          outcome={test.data}
          logLink={
            mayReadLog ? (
              <Link to="/member/notification" search={deliveryLogOf(projectId)}>
                {t('notification:projectForm.openLog')}
              </Link>
            ) : null
          }
        />
      ) : null}
    </Flex>
  );
}

function TestAnswer({ outcome, logLink }: { outcome: TestOutcome; logLink: ReactNode }) {
  const { t } = useTranslation(['project', 'notification']);
  if (outcome.kind === 'sent') {
    return (
      <Alert
        role="status"
        type="success"
        showIcon
        title={t('notification:projectForm.testSent')}
        description={logLink}
      />
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        title={t('notification:projectForm.testFailed')}
        description={
          <Flex vertical gap={4} align="flex-start">
            <Typography.Text style={{ wordBreak: 'break-word' }}>
              {`${outcome.code}: ${outcome.message}`}
            </Typography.Text>
            {logLink}
          </Flex>
        }
      />
    );
  }
  return (
    <Alert
      role="status"
      type="warning"
      showIcon
      title={t('notification:projectForm.testNoAnswer')}
      description={logLink}
    />
  );
}
