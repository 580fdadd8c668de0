import { NOTIFY_TYPES } from '@ferry/contract/client';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotifyTargetInput } from './NotifyTargetInput';

const HTTP_URL = /^https?:\/\/\S+$/i;

/**
 * Where an alert goes: the kind of robot (or none) and its address. Fields `notifyType` and
 * `notifyTarget` of the form around it, for application monitors, server warning rules and cron
 * jobs; its texts are the monitor namespace's (the pages that show it load them). A stored
 * address arrives masked; `reveal`, given to those who may edit the object, fetches it whole.
 */
export function NotifyFields({ reveal }: { reveal?: (() => Promise<string>) | undefined }) {
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
          <NotifyTargetInput reveal={reveal} />
        </Form.Item>
      ) : null}
    </>
  );
}
