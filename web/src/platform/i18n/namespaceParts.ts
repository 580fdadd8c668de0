import i18next from 'i18next';
import type { Namespace } from './loadNamespaces';

/**
 * Texts of a namespace that only its lazily loaded dialogs use, kept in a locale file of their
 * own so the page's first load does not carry them: `deployDialogs.json` holds keys of `deploy`.
 * Once loaded (also again after a language change), a part's keys join its namespace, so the
 * dialogs keep asking `deploy` for them.
 */
const PARTS: Readonly<Record<string, Namespace>> = { deployDialogs: 'deploy' };

/** Adds every loaded part to its namespace, in every language loaded. */
function mergeParts(): void {
  for (const language of Object.keys(i18next.store.data)) {
    for (const [part, base] of Object.entries(PARTS)) {
      const texts: unknown = i18next.getResourceBundle(language, part);
      if (texts) i18next.addResourceBundle(language, base, texts, true, true);
    }
  }
}

let watching = false;

/** Keeps loaded parts merged into their namespaces from now on. */
export function mergeNamespaceParts(): void {
  if (!watching) i18next.on('loaded', mergeParts);
  watching = true;
  mergeParts();
}

/** Loads the part of `namespace`'s texts its dialogs use (`PARTS`), merged into it. */
export function loadDialogTexts(part: keyof typeof PARTS): Promise<void> {
  return i18next.loadNamespaces(part).then(mergeParts);
}
