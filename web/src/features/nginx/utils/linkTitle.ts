import type { TFunction } from 'i18next';
import type { ConfigFile } from './configTree';

/** What a link's mark says of it: where it leads, and for a link out that it is not opened. */
export function linkTitle(t: TFunction<'nginx'>, file: Pick<ConfigFile, 'link' | 'linkOut'>) {
  return t(file.linkOut ? 'link.outTo' : 'link.to', { target: file.link });
}
