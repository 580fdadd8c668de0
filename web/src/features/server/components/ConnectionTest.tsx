import { ApiOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCheckServer } from '../hooks/useCheckServer';
import { fieldError } from '../../../api/fieldError';
import { connectionInput, SERVER_FORM_FIELDS, type ServerFormValues } from '../utils/serverForm';
import { CheckOutcome } from './CheckOutcome';

/** The fields a connection test reads, validated before it runs. */
const CONNECTION_FIELDS = SERVER_FORM_FIELDS.filter(
  (f) => !['name', 'namespaceId', 'description'].includes(f),
);

interface ConnectionTestProps {
  /** The stored server being edited: its secrets fill empty fields and its host keys apply. */
  serverId?: number;
}

/** "Test connection" with what the form holds now, and the outcome below it. */
export function ConnectionTest({ serverId }: ConnectionTestProps) {
  const { t } = useTranslation('server');
  const form = Form.useFormInstance<ServerFormValues>();
  const check = useCheckServer();

  const run = async () => {
    try {
      await form.validateFields([...CONNECTION_FIELDS, 'useJump']);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ServerFormValues;
    const connection = connectionInput(values, serverId !== undefined);
    check.mutate(serverId === undefined ? connection : { id: serverId, ...connection }, {
      onError: (e) => {
        const field = fieldError(e, SERVER_FORM_FIELDS);
        if (field) form.setFields([field]);
      },
    });
  };

  return (
    <Flex vertical gap={12} style={{ marginBottom: 24 }}>
      <Flex align="center" gap={12} wrap>
        <Button icon={<ApiOutlined />} loading={check.isPending} onClick={() => void run()}>
          {t('check.test')}
        </Button>
        <Typography.Text type="secondary">
          {serverId === undefined ? t('check.testHelpNew') : t('check.testHelpStored')}
        </Typography.Text>
      </Flex>
      <CheckOutcome
        pending={check.isPending}
        result={check.data}
        error={check.isError ? check.error : undefined}
      />
    </Flex>
  );
}
