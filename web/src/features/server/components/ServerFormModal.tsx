import { Button, Divider, Drawer, Flex, Form, Input, type FormInstance } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../auth/session';
import { useUserInfo } from '../../../auth/useUserInfo';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useSaveServer } from '../hooks/useSaveServer';
import { useStoredSecrets } from '../hooks/useStoredSecrets';
import { formValuesOf, type FormMode, type ServerFormValues } from '../utils/serverForm';
import type { ServerRow } from '../utils/ServerRow';
import { AuthFields } from './AuthFields';
import { ConnectionTest } from './ConnectionTest';
import { HostFields } from './HostFields';
import { JumpHostSection } from './JumpHostSection';
import { NamespaceField } from './NamespaceField';

interface ServerFormModalProps {
  open: boolean;
  mode: FormMode;
  /** The server to edit or copy; none to add one. */
  server?: ServerRow;
  onClose: () => void;
}

/**
 * Adds a server, edits one or adds a copy of one, in a drawer whose buttons stay in view however
 * long the form grows (a jump host, a private key). Secrets are never shown: on edit their fields
 * start empty, and empty keeps the stored one. A copy starts with none. (It kept its name from
 * when it was a dialog: the server page opens it by that name.)
 */
export function ServerFormModal({ open, mode, server, onClose }: ServerFormModalProps) {
  const { t } = useTranslation(['server', 'common']);
  const mobile = useIsMobile();
  const [form] = Form.useForm<ServerFormValues>();
  const superManager = useUserInfo()?.userInfo.superManager === 1;
  const current = session.identity();
  const { save, saving } = useSaveServer(form, mode, server, onClose);
  const editing = mode === 'edit' && server !== undefined;

  const initialValues = useMemo(() => {
    const values = formValuesOf(server, mode, current.id);
    // Only super managers make shared servers; anyone else's copy lands in their namespace.
    if (mode === 'copy' && !superManager) values.namespaceId = current.id;
    return values;
  }, [server, mode, current.id, superManager]);

  const stored = useStoredSecrets(form, editing ? server : undefined);

  const titles = {
    add: t('server:form.addTitle'),
    edit: t('server:form.editTitle', { name: server?.name ?? '' }),
    copy: t('server:form.copyTitle', { name: server?.name ?? '' }),
  };

  return (
    <Drawer
      open={open}
      size={mobile ? '100%' : 760}
      title={titles[mode]}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {editing ? t('server:form.save') : t('server:form.add')}
          </Button>
        </Flex>
      }
    >
      <Form<ServerFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void save()}
      >
        <ResetOnOpen form={form} open={open} values={initialValues} />
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          {t('server:form.basic')}
        </Divider>
        <Form.Item
          name="name"
          label={t('server:form.name')}
          rules={[
            { required: true, whitespace: true, message: t('server:form.nameRequired') },
            { max: 255, message: t('server:form.tooLong', { max: 255 }) },
          ]}
        >
          <Input autoComplete="off" maxLength={255} />
        </Form.Item>
        <NamespaceField superManager={superManager} current={current} />
        <Divider titlePlacement="start" plain>
          {t('server:form.connection')}
        </Divider>
        <HostFields />
        <AuthFields stored={stored.target} />
        <JumpHostSection stored={stored.jump} />
        <ConnectionTest serverId={editing ? server.id : undefined} />
        <Form.Item
          name="description"
          label={t('server:form.description')}
          rules={[{ max: 255, message: t('server:form.tooLong', { max: 255 }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/**
 * Each opening starts from the server's values (or blank), whatever the last one left behind.
 * It lives inside the form so it runs once the fields exist.
 */
function ResetOnOpen({
  form,
  open,
  values,
}: {
  form: FormInstance<ServerFormValues>;
  open: boolean;
  values: ServerFormValues;
}) {
  useEffect(() => {
    if (open) form.resetFields();
  }, [form, open, values]);
  return null;
}
