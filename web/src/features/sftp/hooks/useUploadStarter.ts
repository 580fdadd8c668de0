import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { uploadRequests } from '../utils/uploadRequests';
import { pickedFiles, walkEntries, type EntryLike, type LocalFile } from '../utils/walkDrop';
import type { PageUploads } from './useUploads';

/** At most this many names in a message; the rest are counted. */
const NAMED = 5;
const someNames = (names: readonly string[]) =>
  names.slice(0, NAMED).join(', ') + (names.length > NAMED ? ', …' : '');

/**
 * Queues local files (picked, or dropped with their folders) for directory `dir` of a server:
 * asks first when files of the same name would be replaced, and names what was left out.
 */
export function useUploadStarter(
  uploads: PageUploads,
  server: { id: number; name: string },
  dir: string | undefined,
  existing: ReadonlySet<string>,
) {
  const { t } = useTranslation('sftp');
  const { t: tCommon } = useTranslation('common');
  const { message, modal } = useFeedback();

  const start = (files: readonly LocalFile[], unreadable: readonly string[] = []) => {
    if (dir === undefined) return;
    const { requests, refused } = uploadRequests(files, dir, server);
    const queue = () => {
      uploads.engine.add(requests);
      void message.success(t('upload.queued', { count: requests.length, dir }));
    };
    // A file of the same name is replaced by the upload: say which, and ask first.
    const replaced = requests.filter((r) => !r.name.includes('/') && existing.has(r.name));
    if (replaced.length > 0) {
      modal.confirm({
        title: t('upload.replaceTitle', { count: replaced.length }),
        content: t('upload.replaceContent', {
          names: someNames(replaced.map((r) => r.name)),
          count: replaced.length,
        }),
        okText: t('upload.replace'),
        okButtonProps: { danger: true },
        cancelText: tCommon('action.cancel'),
        onOk: queue,
      });
    } else if (requests.length > 0) {
      queue();
    } else if (unreadable.length === 0 && refused.length === 0) {
      void message.info(t('upload.nothing'));
    }
    const skipped = [...unreadable, ...refused];
    if (skipped.length > 0) {
      void message.warning(
        t('upload.skipped', { count: skipped.length, names: someNames(skipped) }),
      );
    }
  };

  return {
    /** Files from a picker. */
    pick: (list: FileList) => start(pickedFiles(list)),
    /** What a drop carried: its folders are walked first. */
    drop: ({ entries, plainFiles }: { entries: EntryLike[]; plainFiles: File[] }) => {
      void walkEntries(entries).then(({ files, skipped }) =>
        start([...files, ...pickedFiles(plainFiles)], skipped),
      );
    },
  };
}
