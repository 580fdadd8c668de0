import { useTranslation } from 'react-i18next';
import type { SftpEntry } from '@ferry/contract/client';
import type { FileOperations } from '../hooks/useFileOperations';
import { copyName } from '../utils/fileName';
import { NameDialog } from './NameDialog';

/** What the name dialog is asked for. */
export type NameRequest = { kind: 'mkdir' } | { kind: 'rename' | 'copy'; entry: SftpEntry };

/** The name dialog for a new folder, a new name or a copy's name, and what it then does. */
export function EntryNameDialog(props: {
  open: boolean;
  request: NameRequest | undefined;
  /** The names in the directory: a new name may not be one of them. */
  names: ReadonlySet<string>;
  ops: FileOperations;
  onClose: () => void;
}) {
  const { request, names, ops } = props;
  const { t } = useTranslation('sftp');
  const words =
    request?.kind === 'rename'
      ? {
          title: t('name.renameTitle', { name: request.entry.name }),
          label: t('name.newName'),
          okText: t('action.rename'),
          initial: request.entry.name,
          onSubmit: (name: string) => ops.rename(request.entry, name),
        }
      : request?.kind === 'copy'
        ? {
            title: t('name.copyTitle', { name: request.entry.name }),
            label: t('name.copyName'),
            okText: t('action.copy'),
            initial: copyName(request.entry.name, names, request.entry.isDir),
            onSubmit: (name: string) => ops.copy(request.entry, name),
          }
        : {
            title: t('name.mkdirTitle'),
            label: t('name.folderName'),
            okText: t('name.create'),
            initial: '',
            onSubmit: (name: string) => ops.makeDirectory(name),
          };
  return <NameDialog open={props.open} taken={names} onClose={props.onClose} {...words} />;
}
