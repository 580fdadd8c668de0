import { API_KEY_MAX_DAYS } from '@ferry/contract/client';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFormRefusal } from '../../../ui/useFormRefusal';
import { useRoleOption } from '../../namespace';
import { useAddScopedKey } from '../hooks/useAddScopedKey';
import { useMyNamespaces } from '../../../auth/useMyNamespaces';
import { useProjectsIn } from '../hooks/useProjectsIn';

interface Values {
  name: string;
  namespaceIds: number[];
  projectIds: number[];
  roleId?: number;
  expireDays: number;
}

const FIELDS = ['name', 'namespaceIds', 'projectIds', 'roleId', 'expireDays'] as const;
const EXPIRY_DAYS = [7, 30, 90, 180, API_KEY_MAX_DAYS];

interface ScopedKeyFormModalProps {
  onClose: () => void;
  /** The new key, shown once by the caller. */
  onMade: (made: { name: string; key: string }) => void;
}

/** Makes a scoped key: its name, namespaces, projects, role and lifetime. */
export function ScopedKeyFormModal({ onClose, onMade }: ScopedKeyFormModalProps) {
  const { t } = useTranslation(['user', 'common']);
  const [form] = Form.useForm<Values>();
  const refused = useFormRefusal(form, FIELDS);
  const add = useAddScopedKey();
  const namespaces = useMyNamespaces();
  const roles = useRoleOption();
  const chosen = Form.useWatch('namespaceIds', form) ?? [];
  const { projects, loading } = useProjectsIn(chosen);
  const nsName = new Map((namespaces.data ?? []).map((n) => [n.namespaceId, n.namespaceName]));

  const submit = async (values: Values) => {
    try {
      const made = await add.mutateAsync({
        name: values.name.trim(),
        namespaceIds: values.namespaceIds,
        projectIds: values.projectIds.filter((id) => projects.some((p) => p.id === id)),
        roleId: values.roleId ?? 0,
        expireDays: values.expireDays,
      });
      onMade({ name: values.name.trim(), key: made.key });
    } catch (e) {
      refused(e);
    }
  };

  const required = (field: string) => [
    { required: true, message: t('scopedKeys.form.required', { field }) },
  ];
  return (
    <ResponsiveModal
      open
      title={t('scopedKeys.addTitle')}
      okText={t('scopedKeys.make')}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        name="scopedKey"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: '', namespaceIds: [], projectIds: [], expireDays: 90 }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="name"
          label={t('scopedKeys.form.name')}
          extra={t('scopedKeys.form.nameHelp')}
          rules={[
            ...required(t('scopedKeys.form.name')),
            {
              whitespace: true,
              message: t('scopedKeys.form.required', { field: t('scopedKeys.form.name') }),
            },
          ]}
        >
          <Input maxLength={40} placeholder="github-actions api" />
        </Form.Item>
        <Form.Item
          name="namespaceIds"
          label={t('scopedKeys.form.namespaces')}
          rules={required(t('scopedKeys.form.namespaces'))}
        >
          <Select
            mode="multiple"
            loading={namespaces.isFetching}
            options={(namespaces.data ?? []).map((n) => ({
              value: n.namespaceId,
              label: n.namespaceName,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="projectIds"
          label={t('scopedKeys.form.projects')}
          extra={t('scopedKeys.form.projectsHelp')}
        >
          <Select
            mode="multiple"
            allowClear
            loading={loading}
            disabled={chosen.length === 0}
            placeholder={t('scopedKeys.allProjects')}
            optionFilterProp="label"
            options={projects.map((p) => ({
              value: p.id,
              label: chosen.length > 1 ? `${nsName.get(p.namespaceId) ?? ''} / ${p.name}` : p.name,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('scopedKeys.form.role')}
          extra={t('scopedKeys.form.roleHelp')}
          rules={required(t('scopedKeys.form.role'))}
        >
          <Select
            loading={roles.isFetching}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        <Form.Item name="expireDays" label={t('scopedKeys.form.expiry')}>
          <Select
            options={EXPIRY_DAYS.map((days) => ({
              value: days,
              label: t('scopedKeys.form.days', { count: days }),
            }))}
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
