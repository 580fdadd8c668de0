import { NOTIFY_TYPES } from '@ferry/contract/client';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

const HTTP_URL = /^https?:\/\/\S+$/i;

/**
 * Where an alert goes: the kind of robot (or none) and its address. Fields `notifyType` and
 * `notifyTarget` of the form around it, for application monitors and server warning rules; its
 * texts are the monitor namespace's (the pages that show it load them).
 */
export function NotifyFields() {
  const { t } = useTranslation('monitor');
  const notifyType = Form.useWatch<number | undefined>('notifyType') ?? 0;
  return (
    <>
      <Form.Item name="notifyType" label={t('form.notifyType')}>
        <Select
          aria-label={t('form.notifyType')}
          options={NOTIFY_TYPES.map((n) => ({ value: n, label: t(`notify.${n}`) }))}
          style={{ maxWidth: 280 }}
        />
      </Form.Item>
      {notifyType !== 0 ? (
        <Form.Item
          name="notifyTarget"
          label={t('form.notifyTarget')}
          extra={t(notifyType === 255 ? 'form.notifyCustomHelp' : 'form.notifyRobotHelp')}
          rules={[
            { required: true, whitespace: true, message: t('form.notifyTargetRequired') },
            { pattern: HTTP_URL, message: t('form.httpUrl') },
            { max: 2048, message: t('form.tooLong') },
          ]}
        >
          <Input placeholder="https://" autoComplete="off" />
        </Form.Item>
      ) : null}
    </>
  );
}
