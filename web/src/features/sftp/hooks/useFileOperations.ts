import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
import { session } from '../../../auth/session';
import type { SftpEntry } from '@ferry/contract/client';
import { sftpRoutes } from '@ferry/contract/client';
import { startDownload } from '../../../ui/startDownload';
import { useFeedback } from '../../../ui/useFeedback';
import { joinPath } from '../utils/remotePath';
import { archiveUrl, downloadUrl } from '../utils/sftpUrls';

/** A copy or a recursive delete works through whole trees on the server. */
const LONG_OPERATION_MS = 30 * 60_000;

/**
 * The changes one tab makes in directory `dir` of a server: each says when it is done and lists
 * the directory again. Failures are reported by the API layer; the dialogs stay open on them.
 */
export function useFileOperations(serverId: number, dir: string | undefined, refresh: () => void) {
  const { t } = useTranslation('sftp');
  const { t: tCommon } = useTranslation('common');
  const { message, modal } = useFeedback();
  const at = (name: string) => joinPath(dir ?? '/', name);

  const makeDirectory = async (name: string) => {
    await call(sftpRoutes.makeDirectory, { serverId, dir: dir ?? '/', name });
    void message.success(t('done.mkdir', { name }));
    refresh();
  };

  const rename = async (entry: SftpEntry, newName: string) => {
    await call(sftpRoutes.renameFile, {
      serverId,
      dir: dir ?? '/',
      currentName: entry.name,
      newName,
    });
    void message.success(t('done.rename', { name: entry.name, newName }));
    refresh();
  };

  const copy = async (entry: SftpEntry, dstName: string) => {
    await call(
      sftpRoutes.copyFile,
      { serverId, isDir: entry.isDir, dir: dir ?? '/', srcName: entry.name, dstName },
      { timeoutMs: LONG_OPERATION_MS },
    );
    void message.success(t('done.copy', { name: entry.name, newName: dstName }));
    refresh();
  };

  /** Deletes the non-empty directories, after their own confirmation naming them. */
  const removeTrees = (trees: readonly SftpEntry[]) => {
    const names = trees.map((e) => e.name).join(', ');
    modal.confirm({
      title:
        trees.length === 1
          ? t('delete.notEmptyTitle', { name: names })
          : t('delete.notEmptyTitleMany', { count: trees.length }),
      content: t('delete.notEmptyContent', { names }),
      okText: t('delete.everything'),
      okButtonProps: { danger: true },
      cancelText: tCommon('action.cancel'),
      onOk: async () => {
        let deleted = 0;
        for (const entry of trees) {
          try {
            await call(
              sftpRoutes.deleteFile,
              { serverId, file: at(entry.name), recursive: 1 },
              { timeoutMs: LONG_OPERATION_MS },
            );
            deleted += 1;
          } catch {
            // Reported by the API layer; the others are still deleted.
          }
        }
        if (deleted > 0) void message.success(t('done.delete', { count: deleted }));
        refresh();
      },
    });
  };

  /**
   * Deletes after a confirmation. A directory with content is refused by the console
   * (`directory_not_empty`); those are then named in a second, explicit confirmation.
   */
  const remove = (entries: readonly SftpEntry[]) => {
    const one = entries.length === 1 ? entries[0] : undefined;
    modal.confirm({
      title: one
        ? t('delete.title', { name: one.name })
        : t('delete.titleMany', { count: entries.length }),
      content: one
        ? t('delete.content', { name: one.name })
        : t('delete.contentMany', { names: entries.map((e) => e.name).join(', ') }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: tCommon('action.cancel'),
      onOk: async () => {
        const trees: SftpEntry[] = [];
        let deleted = 0;
        for (const entry of entries) {
          try {
            await call(
              sftpRoutes.deleteFile,
              { serverId, file: at(entry.name) },
              { silent: ['directory_not_empty'] },
            );
            deleted += 1;
          } catch (e) {
            if (e instanceof ApiError && e.reason === 'directory_not_empty') trees.push(entry);
          }
        }
        if (deleted > 0) void message.success(t('done.delete', { count: deleted }));
        refresh();
        if (trees.length > 0) removeTrees(trees);
      },
    });
  };

  /** One file as itself; a directory or several entries as one `.tar.gz`. */
  const download = (entries: readonly SftpEntry[]) => {
    const namespaceId = session.identity().id;
    const one = entries.length === 1 ? entries[0] : undefined;
    const url =
      one && !one.isDir
        ? downloadUrl(serverId, at(one.name), namespaceId)
        : archiveUrl(
            serverId,
            dir ?? '/',
            entries.map((e) => e.name),
            namespaceId,
          );
    startDownload(url);
    void message.info(
      one && !one.isDir ? t('done.download', { name: one.name }) : t('done.archive'),
    );
  };

  return { makeDirectory, rename, copy, remove, download };
}

export type FileOperations = ReturnType<typeof useFileOperations>;
