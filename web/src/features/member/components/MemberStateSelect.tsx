import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { MEMBER_STATES, type MemberState } from '../utils/MemberState';

interface MemberStateSelectProps {
  value: MemberState;
  onChange: (state: MemberState) => void;
}

/** The toolbar's "Status" filter: enabled members, disabled ones, or all. */
export function MemberStateSelect({ value, onChange }: MemberStateSelectProps) {
  const { t } = useTranslation('member');
  const mobile = useIsMobile();
  return (
    <Select<MemberState>
      value={value}
      onChange={onChange}
      prefix={t('state.label')}
      aria-label={t('state.label')}
      options={MEMBER_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
      style={mobile ? { width: '100%' } : { width: 200 }}
    />
  );
}
