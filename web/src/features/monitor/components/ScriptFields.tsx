import { FOLLOW_ITEM_SERVER } from '@ferry/contract/client';
import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { onServers } from '../utils/monitorForm';
import { ScriptEditorField } from './ScriptEditorField';
import { ScriptServerSelect } from './ServerSelect';

/**
 * The success or fail script: where it runs (a server, or the item's for process and script
 * checks), the script, and whether it runs after every check of its kind or only on the change.
 */
export function ScriptFields({ kind, type }: { kind: 'success' | 'fail'; type: number }) {
  const { t } = useTranslation('monitor');
  const followable = onServers(type);
  const script = Form.useWatch<string | undefined>(`${kind}Script`) ?? '';
  const label = t(`form.${kind}Script`);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {label}
      </Typography.Title>
      <Form.Item name={`${kind}Script`} label={label} extra={t(`form.${kind}ScriptHelp`)}>
        <ScriptEditorField label={label} height="120px" />
      </Form.Item>
      <Form.Item
        name={`${kind}ServerId`}
        label={t('form.scriptServer')}
        dependencies={[`${kind}Script`, 'type']}
        rules={[
          {
            validator: (_, value: number | undefined) =>
              script.trim() !== '' && !followable && (value ?? FOLLOW_ITEM_SERVER) === 0
                ? Promise.reject(new Error(t('form.scriptServerRequired')))
                : Promise.resolve(),
          },
        ]}
      >
        <ScriptServerSelect label={t('form.scriptServer')} followable={followable} />
      </Form.Item>
      <Form.Item name={`${kind}ScriptAlways`} valuePropName="checked">
        <Checkbox>{t(`form.${kind}Always`)}</Checkbox>
      </Form.Item>
    </>
  );
}
