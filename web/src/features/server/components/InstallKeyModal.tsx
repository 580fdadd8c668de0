import { LockOutlined } from '@ant-design/icons';
import { Alert, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useInstallPublicKey } from '../hooks/useInstallPublicKey';
import { serverAddress } from '../utils/serverAddress';
import type { ServerRow } from '../utils/ServerRow';

interface InstallKeyModalProps {
  open: boolean;
  server?: ServerRow;
  onClose: () => void;
}

/**
 * Asks for the login password once (it is used for this one login and never stored) to append
 * the console key to the server's `~/.ssh/authorized_keys`; the server then logs in with it.
 */
export function InstallKeyModal({ open, server, onClose }: InstallKeyModalProps) {
  const { t } = useTranslation(['server', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<{ password: string }>();
  const install = useInstallPublicKey();

  const submit = async ({ password }: { password: string }) => {
    if (!server) return;
    try {
      await install.mutateAsync({ id: server.id, password });
      void message.success(t('server:installKey.done', { name: server.name }));
      onClose();
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };
  const failure = install.error;
  const detail =
    failure instanceof ApiError && failure.message !== errorText(failure)
      ? failure.message
      : undefined;

  return (
    <ResponsiveModal
      open={open}
      title={t('server:installKey.title', { name: server?.name ?? '' })}
      okText={t('server:installKey.ok')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: install.isPending }}
      onCancel={onClose}
      afterClose={() => install.reset()}
      modalRender={(dom) => (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} clearOnDestroy>
          {dom}
        </Form>
      )}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {t('server:installKey.help', { address: server ? serverAddress(server).target : '' })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('server:installKey.passwordNotStored')}
        </Typography.Text>
        <Form.Item
          name="password"
          label={t('server:installKey.password')}
          rules={[{ required: true, message: t('server:installKey.passwordRequired') }]}
          style={{ marginBottom: 0 }}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="off" maxLength={1024} />
        </Form.Item>
        {failure ? (
          <Alert type="error" showIcon title={errorText(failure)} description={detail} />
        ) : null}
      </Flex>
    </ResponsiveModal>
  );
}
