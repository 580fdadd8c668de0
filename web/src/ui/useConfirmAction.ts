import { useTranslation } from 'react-i18next';
import { useFeedback } from './useFeedback';

export interface ConfirmedAction {
  title: string;
  content: string;
  /** The label of the (danger) button that does it. */
  okText: string;
  /** Does it. A failure just closes the dialog: the API layer has reported it already. */
  run: () => Promise<unknown>;
  /** Said once it is done. */
  done: string;
}

/** Asks before a dangerous action, then does it and says so. */
export function useConfirmAction(): (action: ConfirmedAction) => void {
  const { t } = useTranslation('common');
  const { message, modal } = useFeedback();
  return ({ title, content, okText, run, done }) => {
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true },
      cancelText: t('action.cancel'),
      onOk: () =>
        run()
          .then(() => void message.success(done))
          .catch(() => undefined),
    });
  };
}
