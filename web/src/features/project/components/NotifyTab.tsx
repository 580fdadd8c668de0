import { NOTIFY_TYPES, projectRoutes } from '@ferry/contract/client';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotifyTargetReveal } from '../../../api/useNotifyTargetReveal';
import { NotifyTargetInput } from '../../../ui/NotifyTargetInput';
import { StoredTag } from '../../../ui/StoredTag';
import { SIGNED_CHANNELS } from '../utils/projectForm';
import type { ProjectRow } from '../utils/ProjectRow';
import { NotifyTest } from './NotifyTest';

const HTTP_URL = /^https?:\/\/\S+$/i;

/** How each signing channel uses the secret. */
type SecretHelp = `notification:projectForm.secretHelp.${2 | 3 | 255}`;
const SECRET_HELP: Record<number, SecretHelp> = {
  2: 'notification:projectForm.secretHelp.2',
  3: 'notification:projectForm.secretHelp.3',
  255: 'notification:projectForm.secretHelp.255',
};

interface NotifyTabProps {
  /** The stored project being edited: its secret is kept while the field stays empty. */
  editing?: ProjectRow;
}

/**
 * Where the outcome of each deployment is posted: a chat robot's webhook (a stored one masked,
 * shown whole on request to those who may edit the project), or none; the secret its messages
 * are signed with (write-only), and a test message.
 */
export function NotifyTab({ editing }: NotifyTabProps) {
  const { t } = useTranslation(['project', 'notification']);
  const notifyType = Form.useWatch<number | undefined>('notifyType') ?? 0;
  // Another channel type drops the stored secret.
  const stored = editing?.hasNotifySecret === true && editing.notifyType === notifyType;
  const help = SECRET_HELP[notifyType];
  const reveal = useNotifyTargetReveal(projectRoutes.showNotifyTarget, editing?.id);
  return (
    <>
      <Form.Item name="notifyType" label={t('notify.type')}>
        <Select
          aria-label={t('notify.type')}
          options={NOTIFY_TYPES.map((n) => ({ value: n, label: t(`notify.types.${n}`) }))}
          style={{ maxWidth: 280 }}
        />
      </Form.Item>
      {notifyType === 0 ? (
        <Typography.Paragraph type="secondary">{t('notify.noneHelp')}</Typography.Paragraph>
      ) : (
        <>
          <Form.Item
            name="notifyTarget"
            label={t('notify.target')}
            extra={t(notifyType === 255 ? 'notify.customHelp' : 'notify.robotHelp')}
            rules={[
              { required: true, whitespace: true, message: t('notify.targetRequired') },
              { pattern: HTTP_URL, message: t('rule.httpUrl') },
              { max: 2048, message: t('rule.tooLong') },
            ]}
          >
            <NotifyTargetInput reveal={reveal} />
          </Form.Item>
          {SIGNED_CHANNELS.includes(notifyType) && help ? (
            <Form.Item
              name="notifySecret"
              label={t('notification:projectForm.secret')}
              extra={
                <>
                  {stored ? (
                    <>
                      <StoredTag />{' '}
                    </>
                  ) : null}
                  {t(help)}
                </>
              }
              rules={[{ max: 512, message: t('rule.tooLong') }]}
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={
                  stored
                    ? t('notification:projectForm.secretStored')
                    : t('notification:projectForm.secretOptional')
                }
                maxLength={512}
              />
            </Form.Item>
          ) : null}
          <NotifyTest projectId={editing?.id} />
        </>
      )}
    </>
  );
}
