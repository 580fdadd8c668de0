import { useTranslation } from 'react-i18next';
import { Dash } from './Dash';
import { humanSize } from './humanSize';

/** A listed entry's size in words, the exact bytes on hover; a dash for a directory. */
export function EntrySize({ entry }: { entry: { isDir: boolean; size: number } }) {
  const { t } = useTranslation('common');
  if (entry.isDir) return <Dash />;
  return <span title={t('file.bytes', { count: entry.size })}>{humanSize(entry.size)}</span>;
}
