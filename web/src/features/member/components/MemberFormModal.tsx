import { LockOutlined } from '@ant-design/icons';
import { Code } from '@ferry/contract/client';
import { Form, Input, Switch, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useUserInfo } from '../../../auth/useUserInfo';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { usePasswordRules } from '../../../ui/usePasswordRules';
import { useAddMember } from '../hooks/useAddMember';
import { useEditMember } from '../hooks/useEditMember';
import { invalidField } from '../utils/invalidField';
import { OWNER_ID } from '../utils/memberBlocks';
import type { MemberRow } from '../utils/MemberRow';

interface Values {
  account: string;
  password?: string;
  name: string;
  contact?: string;
  superManager: boolean;
}

const FIELDS = ['account', 'password', 'name', 'contact', 'superManager'] as const;

interface MemberFormModalProps {
  open: boolean;
  /** The member to edit; none to add one. */
  member?: MemberRow;
  onClose: () => void;
}

/**
 * Adds a member or edits one. The super manager switch is shown to super managers only (the
 * server refuses anyone else), and the first super manager cannot lose the flag.
 */
export function MemberFormModal({ open, member, onClose }: MemberFormModalProps) {
  const { t } = useTranslation(['member', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const actorIsSuper = useUserInfo()?.userInfo.superManager === 1;
  const add = useAddMember();
  const edit = useEditMember();
  const passwordRules = usePasswordRules();
  const editing = member !== undefined;

  const submit = async (v: Values) => {
    const fields = {
      password: (v.password ?? '').trim(),
      name: v.name.trim(),
      contact: (v.contact ?? '').trim(),
      superManager: actorIsSuper ? (v.superManager ? 1 : 0) : (member?.superManager ?? 0),
    };
    try {
      if (member) {
        await edit.mutateAsync({ id: member.id, ...fields });
        void message.success(t('member:saved', { account: member.account }));
      } else {
        const account = v.account.trim();
        await add.mutateAsync({ account, ...fields });
        void message.success(t('member:added', { account }));
      }
      onClose();
    } catch (e) {
      const field = invalidField(e, FIELDS);
      if (field) form.setFields([field]);
      else if (e instanceof ApiError && e.reason === 'account_exists') {
        form.setFields([{ name: 'account', errors: [errorText(e)] }]);
      } else if (e instanceof ApiError && e.code === Code.illegalParam)
        void message.error(errorText(e));
      // Anything else was already reported by `call`.
    }
  };

  return (
    <ResponsiveModal
      open={open}
      title={
        editing
          ? t('member:form.editTitle', { account: member.account })
          : t('member:form.addTitle')
      }
      okText={editing ? t('member:form.save') : t('member:form.add')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: add.isPending || edit.isPending }}
      onCancel={onClose}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={
            member
              ? {
                  account: member.account,
                  name: member.name,
                  contact: member.contact,
                  superManager: member.superManager === 1,
                }
              : { superManager: false }
          }
          onFinish={(v) => void submit(v)}
        >
          {dom}
          <ResetOnOpen form={form} open={open} member={member} />
        </Form>
      )}
    >
      <Form.Item
        name="account"
        label={t('member:form.account')}
        extra={editing ? t('member:form.accountFixed') : undefined}
        rules={[
          { required: true, whitespace: true, message: t('member:form.accountRequired') },
          { pattern: /^\s*[A-Za-z0-9_.@-]+\s*$/, message: t('member:form.accountRule') },
        ]}
      >
        <Input disabled={editing} maxLength={25} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={editing ? t('member:form.newPassword') : t('member:form.password')}
        extra={
          <>
            {t('common:password.rule')}
            <br />
            {editing ? t('member:form.passwordEditHelp') : t('member:form.passwordAddHelp')}
          </>
        }
        rules={editing ? passwordRules.optionalPassword() : passwordRules.newPassword()}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={16}
          placeholder={editing ? t('member:form.passwordKeep') : undefined}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('member:form.name')}
        rules={[{ required: true, whitespace: true, message: t('member:form.nameRequired') }]}
      >
        <Input maxLength={30} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="contact"
        label={t('member:form.contact')}
        extra={t('member:form.contactHelp')}
        rules={[{ pattern: /^\s*(\d{11})?\s*$/, message: t('member:form.contactRule') }]}
      >
        <Input inputMode="numeric" maxLength={11} autoComplete="off" />
      </Form.Item>
      {actorIsSuper ? (
        <Form.Item
          name="superManager"
          label={t('member:form.superManager')}
          valuePropName="checked"
          extra={
            member?.id === OWNER_ID ? t('member:form.ownerHelp') : t('member:form.superManagerHelp')
          }
        >
          <Switch disabled={member?.id === OWNER_ID} />
        </Form.Item>
      ) : null}
    </ResponsiveModal>
  );
}

/**
 * Each opening starts from the member's values (or blank), whatever the last one left behind.
 * It lives inside the form so it runs once the fields exist: the dialog mounts its content after
 * opening, and the form keeps its store across mounts.
 */
function ResetOnOpen({
  form,
  open,
  member,
}: {
  form: FormInstance<Values>;
  open: boolean;
  member: MemberRow | undefined;
}) {
  useEffect(() => {
    if (open) form.resetFields();
  }, [form, open, member]);
  return null;
}
