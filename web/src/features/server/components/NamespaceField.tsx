import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../../auth/session';

interface NamespaceFieldProps {
  superManager: boolean;
  /** The namespace the user works in. */
  current: Identity;
}

/**
 * Which namespace owns the server: the current one, or none (shared by every namespace). Only
 * super managers may choose shared; others see the owner without changing it.
 */
export function NamespaceField({ superManager, current }: NamespaceFieldProps) {
  const { t } = useTranslation('server');
  return (
    <Form.Item
      name="namespaceId"
      label={t('form.namespace')}
      extra={superManager ? t('form.namespaceHelp') : undefined}
    >
      <Select
        disabled={!superManager}
        options={[
          { value: current.id, label: t('form.namespaceCurrent', { name: current.name }) },
          { value: 0, label: t('form.namespaceShared') },
        ]}
      />
    </Form.Item>
  );
}
