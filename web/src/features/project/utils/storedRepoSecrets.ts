import { parseRepoUrl, repoOrigin } from '@ferry/contract/client';
import type { ProjectRow } from './ProjectRow';

/** Which stored repository secrets an empty field keeps (all false for a new project or a copy). */
export interface StoredRepoSecrets {
  token: boolean;
  privateKey: boolean;
  /** A secret is stored, but the address now points elsewhere: it must be entered again. */
  dropped: boolean;
}

export const NO_STORED_SECRETS: StoredRepoSecrets = {
  token: false,
  privateKey: false,
  dropped: false,
};

const originOf = (url: string, repoType: string) => {
  const parsed = parseRepoUrl(url.trim(), repoType);
  return 'problem' in parsed ? undefined : repoOrigin(parsed);
};

/**
 * Mirrors the server's rule. SECURITY: a stored token or key is used again only for the scheme,
 * host and port it was saved for, so pointing the address at another host cannot collect it;
 * there it must be entered again.
 */
export function storedRepoSecrets(
  row: ProjectRow | undefined,
  url: string,
  repoType: string,
): StoredRepoSecrets {
  if (!row || (!row.hasRepoToken && !row.hasRepoPrivateKey)) return NO_STORED_SECRETS;
  const before = originOf(row.url, row.repoType);
  const same = before !== undefined && before === originOf(url, repoType);
  return {
    token: row.hasRepoToken && same,
    privateKey: row.hasRepoPrivateKey && same,
    dropped: !same,
  };
}
