import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../../ui/CopyButton';

interface CopyTextButtonProps {
  text: string;
  /** What is copied; the button is named "Copy: <label>" for screen readers and the tooltip. */
  label: string;
}

/** The toolbox's copy button: named after the result it copies. */
export function CopyTextButton({ text, label }: CopyTextButtonProps) {
  const { t } = useTranslation('common');
  return <CopyButton text={text} label={`${t('action.copy')}: ${label}`} />;
}
