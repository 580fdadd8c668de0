import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { useFeedback } from '../../../ui/useFeedback';
import type { Xterm } from './useXterm';

/** Copy of the terminal's selection and paste into the shell, with a word when they cannot. */
export function useTerminalClipboard(xterm: Xterm | undefined) {
  const { t } = useTranslation(['terminal', 'common']);
  const { message } = useFeedback();

  const copy = async () => {
    if (!xterm) return;
    const text = xterm.term.getSelection();
    if (!text) {
      void message.info(t('terminal:clipboard.nothingSelected'));
      return;
    }
    if (await copyText(text)) void message.success(t('common:action.copied'));
    else void message.error(t('common:action.copyFailed'));
    xterm.term.focus();
  };

  const paste = async () => {
    if (!xterm) return;
    // Plain-http installs are not a secure context: the browser offers no clipboard to read.
    if (!window.isSecureContext || typeof navigator.clipboard?.readText !== 'function') {
      void message.warning(t('terminal:clipboard.pasteUnavailable'));
      return;
    }
    try {
      const text = await navigator.clipboard.readText();
      // xterm's paste honours bracketed paste mode, then hands the text to the shell as input.
      if (text) xterm.term.paste(text);
      xterm.term.focus();
    } catch {
      void message.warning(t('terminal:clipboard.pasteDenied'));
    }
  };

  return { copy, paste };
}
