import { warningRuleRoutes } from '@ferry/contract/client';
import { Divider, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyTargetReveal } from '../../../api/useNotifyTargetReveal';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { SaveFooter } from '../../../ui/SaveFooter';
import { NotifyFields } from '../../../ui/NotifyFields';
import { useFeedback } from '../../../ui/useFeedback';
import { useFormRefusal } from '../../../ui/useFormRefusal';
import { useRuleMutations } from '../hooks/useWarningRules';
import type { WarningRule } from '../utils/metricsRows';
import { RULE_FIELDS, ruleValuesOf, type RuleFormValues } from '../utils/ruleForm';
import { RuleFormFields } from './RuleFormFields';

interface RuleDrawerProps {
  open: boolean;
  serverId: number;
  /** The rule to edit; none to add one. */
  rule?: WarningRule;
  itemOptions: { label: string; options: { value: string; label: string }[] }[];
  onClose: () => void;
}

/** Adds or edits a warning rule of the server: its condition, its evaluation and its alert. */
export function RuleDrawer({ open, serverId, rule, itemOptions, onClose }: RuleDrawerProps) {
  const { t } = useTranslation('metrics');
  const { message } = useFeedback();
  const [form] = Form.useForm<RuleFormValues>();
  const { add, edit } = useRuleMutations(serverId);
  const refused = useFormRefusal(form, RULE_FIELDS);
  const saving = add.isPending || edit.isPending;
  const reveal = useNotifyTargetReveal(warningRuleRoutes.showMonitorNotifyTarget, rule?.id);

  useEffect(() => {
    if (open) form.setFieldsValue(ruleValuesOf(rule));
  }, [open, rule, form]);

  const save = (values: RuleFormValues) => {
    const input = { ...values, serverId, notifyTarget: values.notifyTarget ?? '' };
    const done = {
      onSuccess: () => {
        void message.success(t('rules.saved'));
        onClose();
      },
      onError: refused,
    };
    if (rule) edit.mutate({ ...input, id: rule.id }, done);
    else add.mutate(input, done);
  };

  return (
    <ResponsiveDrawer
      open={open}
      width={640}
      title={t(rule ? 'form.editTitle' : 'form.addTitle')}
      onClose={onClose}
      footer={
        <SaveFooter
          cancelText={t('form.cancel')}
          saveText={t('form.save')}
          saving={saving}
          onCancel={onClose}
          onSave={() => form.submit()}
        />
      }
    >
      <Form<RuleFormValues>
        form={form}
        layout="vertical"
        initialValues={ruleValuesOf(rule)}
        onFinish={save}
      >
        <RuleFormFields itemOptions={itemOptions} />
        <Divider style={{ margin: '4px 0 16px' }} />
        <NotifyFields reveal={reveal} />
      </Form>
    </ResponsiveDrawer>
  );
}
