import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMemberOptions } from '../../../api/options/useMemberOptions';

/** The namespace members who may see and deploy the project without GetAllProjectList. */
export function MembersTab() {
  const { t } = useTranslation('project');
  const members = useMemberOptions();
  return (
    <Form.Item name="userIds" label={t('members.members')} extra={t('members.help')}>
      <Select
        mode="multiple"
        aria-label={t('members.members')}
        loading={members.isPending}
        options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.userName }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('members.placeholder')}
      />
    </Form.Item>
  );
}
