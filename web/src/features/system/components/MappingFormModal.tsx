import { Alert, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useFormRefusal } from '../../../ui/useFormRefusal';
import { useNamespaceList, useRoleOption } from '../../namespace';
import { useSaveMapping } from '../hooks/useSaveMapping';
import type { MappingRow } from '../utils/MappingRow';

type Grant = 'role' | 'superManager';

interface Values {
  group: string;
  grant: Grant;
  namespaceId?: number;
  roleId?: number;
}

const FIELDS = ['group', 'namespaceId', 'roleId'] as const;
const GROUP_MAX = 1024;

interface MappingFormModalProps {
  /** The mapping to edit; none to add one. */
  mapping?: MappingRow;
  onClose: () => void;
}

/** Maps a directory group to a role in a namespace, or (said outright) to super manager. */
export function MappingFormModal({ mapping, onClose }: MappingFormModalProps) {
  const { t } = useTranslation(['system', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const refused = useFormRefusal(form, FIELDS);
  const save = useSaveMapping();
  const namespaces = useNamespaceList();
  const roles = useRoleOption();
  const grant = Form.useWatch('grant', form) ?? 'role';

  const submit = async (values: Values) => {
    const superManager = values.grant === 'superManager';
    try {
      await save.mutateAsync({
        id: mapping?.id,
        group: values.group.trim(),
        superManager: superManager ? 1 : 0,
        namespaceId: superManager ? 0 : (values.namespaceId ?? 0),
        roleId: superManager ? 0 : (values.roleId ?? 0),
      });
      void message.success(mapping ? t('signIn.saved') : t('signIn.added'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'mapping_exists') {
        form.setFields([{ name: 'group', errors: [errorText(e)] }]);
      } else refused(e);
    }
  };

  const required = (label: string) => [
    { required: true, message: t('signIn.form.required', { field: label }) },
  ];
  return (
    <ResponsiveModal
      open
      title={mapping ? t('signIn.editTitle') : t('signIn.addTitle')}
      okText={mapping ? t('signIn.save') : t('signIn.add')}
      cancelText={t('common:action.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          group: mapping?.group ?? '',
          grant: mapping?.superManager === 1 ? 'superManager' : 'role',
          namespaceId: mapping?.namespaceId || undefined,
          roleId: mapping?.roleId || undefined,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="group"
          label={t('signIn.form.group')}
          extra={t('signIn.form.groupHelp')}
          rules={[
            ...required(t('signIn.form.group')),
            {
              whitespace: true,
              message: t('signIn.form.required', { field: t('signIn.form.group') }),
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={GROUP_MAX}
            placeholder="cn=deployers,ou=groups,dc=example,dc=com"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item name="grant" label={t('signIn.form.grant')}>
          <Radio.Group
            options={[
              { value: 'role', label: t('signIn.form.grantRole') },
              { value: 'superManager', label: t('signIn.superManager') },
            ]}
          />
        </Form.Item>
        {grant === 'superManager' ? (
          <Alert type="warning" showIcon title={t('signIn.form.superWarning')} />
        ) : (
          <>
            <Form.Item
              name="namespaceId"
              label={t('signIn.form.namespace')}
              rules={required(t('signIn.form.namespace'))}
            >
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                loading={namespaces.isPending}
                placeholder={t('signIn.form.pickNamespace')}
                options={(namespaces.data?.list ?? []).map((n) => ({ value: n.id, label: n.name }))}
              />
            </Form.Item>
            <Form.Item
              name="roleId"
              label={t('signIn.form.role')}
              rules={required(t('signIn.form.role'))}
            >
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                loading={roles.isPending}
                placeholder={t('signIn.form.pickRole')}
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </ResponsiveModal>
  );
}
