import {
  CodeOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileUnknownOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
  PlaySquareOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { ComponentType, CSSProperties } from 'react';
import type { FileKind } from './fileKind';

type IconComponent = ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>;

const ICONS: Record<FileKind, IconComponent> = {
  directory: FolderFilled,
  image: FileImageOutlined,
  pdf: FilePdfOutlined,
  archive: FileZipOutlined,
  audio: SoundOutlined,
  video: PlaySquareOutlined,
  spreadsheet: FileExcelOutlined,
  document: FileWordOutlined,
  markdown: FileMarkdownOutlined,
  code: CodeOutlined,
  text: FileTextOutlined,
  binary: FileUnknownOutlined,
  file: FileOutlined,
};

/** The icon of a kind of file, in the theme's colours (folders in the warning yellow). */
export function FileKindIcon({ kind, size = 16 }: { kind: FileKind; size?: number }) {
  const { token } = theme.useToken();
  const Icon = ICONS[kind];
  const color: Partial<Record<FileKind, string>> = {
    directory: token.colorWarning,
    image: token.colorSuccess,
    pdf: token.colorError,
    archive: token.colorPrimary,
    code: token.colorInfo,
  };
  return (
    <Icon aria-hidden style={{ fontSize: size, color: color[kind] ?? token.colorTextSecondary }} />
  );
}
