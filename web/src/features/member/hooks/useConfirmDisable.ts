import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { MemberRow } from '../utils/MemberRow';
import { useRemoveMember } from './useRemoveMember';

/** Asks before disabling a member, then disables and says so. */
export function useConfirmDisable(): (member: MemberRow) => void {
  const { t } = useTranslation('member');
  const confirm = useConfirmAction();
  const remove = useRemoveMember();
  return (member) =>
    confirm({
      title: t('disable.title', { account: member.account }),
      content: t('disable.content', { account: member.account }),
      okText: t('disable.ok'),
      run: () => remove.mutateAsync(member.id),
      done: t('disable.done', { account: member.account }),
    });
}
