import { fileKind, previewMode } from '../../../ui/fileKind';
import type { SftpEntry } from '@ferry/contract/client';

/** What the user's permissions allow in the file manager (contract sftp.routes.ts). */
export interface SftpAbilities {
  /** Upload and new folder (SFTPUploadFile). */
  upload: boolean;
  /** Preview (SFTPPreviewFile). */
  preview: boolean;
  /** Download (SFTPDownloadFile). */
  download: boolean;
  /** Edit and rename (SFTPEditFile). */
  edit: boolean;
  /** Copy and transfer to other servers (SFTPTransferFile). */
  transfer: boolean;
  /** Delete (SFTPDeleteFile). */
  remove: boolean;
}

export type FileAction =
  'open' | 'preview' | 'edit' | 'download' | 'rename' | 'copy' | 'transfer' | 'delete';

/** Whether a file's text can be opened in the editor (not an image, an archive, a binary…). */
export const isEditable = (entry: SftpEntry) =>
  !entry.isDir && previewMode(fileKind(entry).kind) === 'text';

/**
 * The actions offered for a selection, in menu order, each only when allowed: a directory opens,
 * a file previews and (text) edits; one entry renames and copies; any number download, transfer
 * and delete.
 */
export function actionsFor(selection: readonly SftpEntry[], can: SftpAbilities): FileAction[] {
  const actions: FileAction[] = [];
  const one = selection.length === 1 ? selection[0] : undefined;
  if (one?.isDir) actions.push('open');
  if (one && !one.isDir && can.preview) actions.push('preview');
  if (one && can.edit && isEditable(one)) actions.push('edit');
  if (selection.length > 0 && can.download) actions.push('download');
  if (one && can.edit) actions.push('rename');
  if (one && can.transfer) actions.push('copy');
  if (selection.length > 0 && can.transfer) actions.push('transfer');
  if (selection.length > 0 && can.remove) actions.push('delete');
  return actions;
}

/** What a double click or Enter does with an entry: open a directory, else preview or edit. */
export function defaultAction(entry: SftpEntry, can: SftpAbilities): FileAction | undefined {
  if (entry.isDir) return 'open';
  if (can.preview) return 'preview';
  if (can.edit && isEditable(entry)) return 'edit';
  if (can.download) return 'download';
  return undefined;
}
