import { UserAddOutlined } from '@ant-design/icons';
import { Code } from '@ferry/contract/client';
import { Alert, Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import { useAddNamespaceUsers } from '../hooks/useAddNamespaceUsers';
import { useRoleOption } from '../hooks/useRoleOption';
import { useSaveErrors } from '../hooks/useSaveErrors';
import { useUserPicker } from '../hooks/useUserPicker';

interface Values {
  userIds: number[];
  roleId: number;
}

const FIELDS = ['userIds', 'roleId'] as const;

/** Why a picker's list could not load, shown in place of the picker. */
function LoadAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="warning"
      showIcon
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}

/** Adds several users to a namespace at once, all with the same role. */
export function AddMembersForm({ namespaceId }: { namespaceId: number }) {
  const { t } = useTranslation('namespace');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const users = useUserPicker();
  const roles = useRoleOption();
  const addUsers = useAddNamespaceUsers();
  const showError = useSaveErrors(form, FIELDS);

  const submit = async ({ userIds, roleId }: Values) => {
    try {
      await addUsers.mutateAsync({ namespaceId, userIds, roleId });
      form.resetFields();
      void message.success(t('member.added'));
    } catch (e) {
      showError(e);
    }
  };

  const usersError =
    users.error instanceof ApiError && users.error.code === Code.deny
      ? t('member.usersDenied')
      : t('member.usersFailed', { error: errorText(users.error) });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
    >
      {users.isError ? (
        <Form.Item label={t('member.users')}>
          <LoadAlert text={usersError} onRetry={() => void users.refetch()} />
        </Form.Item>
      ) : (
        <Form.Item
          name="userIds"
          label={t('member.users')}
          extra={t('member.addHelp')}
          rules={[{ required: true, message: t('member.usersRequired') }]}
        >
          <Select<number[]>
            mode="multiple"
            loading={users.isPending}
            placeholder={t('member.usersPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={users.isPending ? undefined : t('member.noUsers')}
            options={(users.data ?? []).map((u) => ({
              value: u.id,
              label: u.name ? `${u.name} (${u.account})` : u.account,
            }))}
          />
        </Form.Item>
      )}
      {roles.isError ? (
        <Form.Item label={t('member.role')}>
          <LoadAlert
            text={t('member.rolesFailed', { error: errorText(roles.error) })}
            onRetry={() => void roles.refetch()}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="roleId"
          label={t('member.role')}
          rules={[{ required: true, message: t('member.roleRequired') }]}
        >
          <Select<number>
            loading={roles.isPending}
            placeholder={t('member.rolePlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      )}
      <Button
        type="primary"
        htmlType="submit"
        icon={<UserAddOutlined />}
        loading={addUsers.isPending}
        disabled={users.isError || roles.isError}
      >
        {t('member.add')}
      </Button>
    </Form>
  );
}
