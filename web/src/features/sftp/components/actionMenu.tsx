import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  FormOutlined,
  ReloadOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FileAction } from '../utils/fileActions';

/** What may be done where no entry is picked: in the directory itself. */
export type DirectoryAction = 'newFolder' | 'uploadFiles' | 'uploadFolder' | 'refresh';

const ICONS: Record<FileAction | DirectoryAction, ReactNode> = {
  open: <FolderOpenOutlined />,
  preview: <EyeOutlined />,
  edit: <FormOutlined />,
  download: <DownloadOutlined />,
  rename: <EditOutlined />,
  copy: <CopyOutlined />,
  transfer: <SendOutlined />,
  delete: <DeleteOutlined />,
  newFolder: <FolderAddOutlined />,
  uploadFiles: <UploadOutlined />,
  uploadFolder: <CloudUploadOutlined />,
  refresh: <ReloadOutlined />,
};

/** The icon of an action, the same in the toolbar and the menus. */
export const actionIcon = (action: FileAction | DirectoryAction) => ICONS[action];

/** The words of an action; `count` says how many entries it applies to. */
export function actionLabel(
  t: TFunction<'sftp'>,
  action: FileAction | DirectoryAction,
  count = 1,
): string {
  if (action === 'download' && count > 1) return t('action.downloadMany', { count });
  if (action === 'delete' && count > 1) return t('action.deleteMany', { count });
  if (action === 'transfer' && count > 1) return t('action.transferMany', { count });
  return t(`action.${action}`);
}

/** A menu of actions, dividers between the directory's and the entries', delete in red. */
export function actionMenuItems(
  t: TFunction<'sftp'>,
  actions: readonly (FileAction | DirectoryAction)[],
  count: number,
): NonNullable<MenuProps['items']> {
  return actions.map((action) => ({
    key: action,
    label: actionLabel(t, action, count),
    icon: actionIcon(action),
    danger: action === 'delete',
  }));
}
