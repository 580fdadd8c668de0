import { NOTIFY_TYPES } from '@ferry/contract/client';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const HTTP_URL = /^https?:\/\/\S+$/i;

/** Where the outcome of each deployment is posted: a chat robot's webhook, or none. */
export function NotifyTab() {
  const { t } = useTranslation('project');
  const notifyType = Form.useWatch<number | undefined>('notifyType') ?? 0;
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
          <Input placeholder="https://" autoComplete="off" />
        </Form.Item>
      )}
    </>
  );
}
