import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRow } from '../utils/MemberRow';
import { useRemoveMember } from './useRemoveMember';

/** Asks before disabling a member, then disables and says so. */
export function useConfirmDisable(): (member: MemberRow) => void {
  const { t } = useTranslation(['member', 'common']);
  const { message, modal } = App.useApp();
  const remove = useRemoveMember();
  return (member) => {
    modal.confirm({
      title: t('member:disable.title', { account: member.account }),
      content: t('member:disable.content', { account: member.account }),
      okText: t('member:disable.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      // A failure was already reported by `call`; the dialog just closes.
      onOk: () =>
        remove
          .mutateAsync(member.id)
          .then(() => void message.success(t('member:disable.done', { account: member.account })))
          .catch(() => undefined),
    });
  };
}
