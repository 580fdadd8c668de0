import { isMaskedNotifyTarget, maskNotifyTarget, NOTIFY_TARGET_MASK } from '@ferry/contract';
import { isSealed, type SecretBox } from '../../core/crypto.js';
import { invalid } from '../../core/errors.js';

/**
 * SECURITY: a notification address carries its channel's secret (DingTalk's and WeCom's token,
 * Feishu's hook id). Projects, monitors, server warning rules and cron jobs keep it sealed in
 * `notify_target` (decision 0039): answers show it masked, the engines that send open it, and a
 * form that sends the mask back keeps the stored address.
 */
export interface NotifyTargets {
  /** The stored address in clear ('' for none), for a sender or the reveal route alone. */
  open(stored: string): string;
  /**
   * The stored address as answers show it: its secret parts masked; one that cannot be opened
   * (another console's key) as the mask alone, so a list still reads.
   */
  shown(stored: string): string;
  /**
   * The column for the address a form sent (`stored`: the column's value so far): '' for none; `stored` itself when the form sent
   * that address back, whole or masked; else the new address sealed. A masked address that is
   * not the stored one's mask is refused (10003): its hidden part cannot be known.
   */
  column(sent: string, stored?: string): string;
  /** The address a form means, in clear: its own, or the stored one when it sent that one's mask. */
  meant(sent: string, stored?: string): string;
}

export const MASKED_TARGET_RULE =
  'is a masked address that is not the stored one: type the whole address';

export function createNotifyTargets(box: SecretBox): NotifyTargets {
  // A row written plain before its console sealed the column (start-up seals it) reads as is.
  const open = (stored: string) => (isSealed(stored) ? box.open(stored) : stored);

  /** The stored address when `sent` is it, whole or masked; undefined otherwise. */
  function keptFor(sent: string, stored: string | undefined): string | undefined {
    if (!stored) return undefined;
    const plain = open(stored);
    return sent === plain || sent === maskNotifyTarget(plain) ? plain : undefined;
  }

  function meant(sent: string, stored?: string): string {
    if (sent === '') return '';
    const kept = keptFor(sent, stored);
    if (kept !== undefined) return kept;
    if (isMaskedNotifyTarget(sent)) throw invalid('notifyTarget', MASKED_TARGET_RULE);
    return sent;
  }

  return {
    open,
    shown(stored) {
      try {
        return maskNotifyTarget(open(stored));
      } catch {
        return NOTIFY_TARGET_MASK;
      }
    },
    meant,
    column(sent, stored) {
      const plain = meant(sent, stored);
      if (plain === '') return '';
      return stored && isSealed(stored) && open(stored) === plain ? stored : box.seal(plain);
    },
  };
}
