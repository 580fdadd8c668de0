import {
  CustomerServiceOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileZipOutlined,
  PlaySquareOutlined,
  CodeOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { ComponentType, CSSProperties, ReactElement } from 'react';
import { fileKind, type FileKind } from './fileKind';

const ICONS: Record<FileKind, ComponentType<{ style?: CSSProperties }>> = {
  archive: FileZipOutlined,
  audio: CustomerServiceOutlined,
  video: PlaySquareOutlined,
  spreadsheet: FileExcelOutlined,
  text: FileTextOutlined,
  xml: CodeOutlined,
  image: FileImageOutlined,
  pdf: FilePdfOutlined,
  unknown: FileOutlined,
};

type ColorToken =
  'colorWarning' | 'colorSuccess' | 'colorError' | 'colorInfo' | 'colorTextSecondary';

const COLORS: Record<FileKind, ColorToken> = {
  archive: 'colorWarning',
  audio: 'colorInfo',
  video: 'colorInfo',
  spreadsheet: 'colorSuccess',
  text: 'colorTextSecondary',
  xml: 'colorInfo',
  image: 'colorSuccess',
  pdf: 'colorError',
  unknown: 'colorTextSecondary',
};

/** The icon of a file by its extension (product.md §1), coloured from the theme. */
export function FileTypeIcon({
  name,
  style,
}: {
  name: string;
  style?: CSSProperties;
}): ReactElement {
  const { token } = theme.useToken();
  const kind = fileKind(name);
  const Icon = ICONS[kind];
  return <Icon style={{ color: token[COLORS[kind]], ...style }} data-kind={kind} />;
}
