import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { MemberRow } from '../utils/MemberRow';
import { useEnableMember } from './useEnableMember';

/** Asks before enabling a disabled member, then enables and says so. */
export function useConfirmEnable(): (member: MemberRow) => void {
  const { t } = useTranslation('member');
  const confirm = useConfirmAction();
  const enable = useEnableMember();
  return (member) =>
    confirm({
      title: t('enable.title', { account: member.account }),
      content: t('enable.content', { account: member.account }),
      okText: t('enable.ok'),
      run: () => enable.mutateAsync(member.id),
      done: t('enable.done', { account: member.account }),
    });
}
