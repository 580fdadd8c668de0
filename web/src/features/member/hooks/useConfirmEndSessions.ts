import { userRoutes } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { MemberRow } from '../utils/MemberRow';

/**
 * Asks before signing a member out everywhere (PUT /user/endSessions), then does it and says so:
 * every session ends and their open pages ask them to log in again.
 */
export function useConfirmEndSessions(): (member: MemberRow) => void {
  const { t } = useTranslation('member');
  const confirm = useConfirmAction();
  const end = useMutation({
    mutationFn: (id: number) => call(userRoutes.endUserSessions, { id }),
  });
  return (member) =>
    confirm({
      title: t('endSessions.title', { account: member.account }),
      content: t('endSessions.content', { account: member.account }),
      okText: t('endSessions.ok'),
      run: () => end.mutateAsync(member.id),
      done: t('endSessions.done', { account: member.account }),
    });
}
