import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useServerProcessMutations } from '../hooks/useServerProcesses';
import { formFieldError } from '../../../api/fieldError';
import {
  groupForm,
  groupInput,
  type ProcessGroup,
  type ProcessGroupForm,
} from '../utils/ProcessGroup';
import { ProcessItemsField } from './ProcessItemsField';

interface ProcessGroupDrawerProps {
  open: boolean;
  /** The group to edit; a new one when absent. */
  group: ProcessGroup | undefined;
  onClose: () => void;
}

/** Adds or edits a group: its name and its buttons (name and command each), in order. */
export function ProcessGroupDrawer({ open, group, onClose }: ProcessGroupDrawerProps) {
  const { t } = useTranslation(['process', 'common']);
  const { message } = useFeedback();
  const mobile = useIsMobile();
  const [form] = Form.useForm<ProcessGroupForm>();
  const { add, edit } = useServerProcessMutations();
  const saving = add.isPending || edit.isPending;

  const showError = (err: unknown) => {
    if (!(err instanceof ApiError)) return;
    if (err.reason === 'process_exists') {
      form.setFields([{ name: 'name', errors: [t('drawer.taken')] }]);
      return;
    }
    const field = formFieldError(err, ['name', 'items']);
    if (field && field.name.length > 1) {
      form.setFields([{ name: field.name as ['items', number, 'name'], errors: field.errors }]);
    } else if (field) form.setFields([{ name: 'name', errors: field.errors }]);
    else void message.error(errorText(err));
  };

  const save = async (values: ProcessGroupForm) => {
    const input = groupInput(values);
    try {
      if (group) await edit.mutateAsync({ id: group.id, ...input });
      else await add.mutateAsync(input);
      void message.success(t('drawer.saved', { name: input.name }));
      onClose();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={mobile ? '100%' : 640}
      title={group ? t('drawer.editTitle', { name: group.name }) : t('drawer.addTitle')}
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('drawer.save')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={groupForm(group)}
        onFinish={(v) => void save(v)}
      >
        <Form.Item
          name="name"
          label={t('drawer.name')}
          rules={[{ required: true, whitespace: true, message: t('drawer.nameRequired') }]}
        >
          <Input maxLength={255} placeholder={t('drawer.namePlaceholder')} />
        </Form.Item>
        <ProcessItemsField />
      </Form>
    </Drawer>
  );
}
