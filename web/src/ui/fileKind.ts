/** What a file is, judged by its extension, for the file manager's icons. */
export type FileKind =
  'archive' | 'audio' | 'video' | 'spreadsheet' | 'text' | 'xml' | 'image' | 'pdf' | 'unknown';

const EXTENSIONS: Record<Exclude<FileKind, 'unknown'>, readonly string[]> = {
  archive: [
    'zip',
    'tar',
    'gz',
    'tgz',
    'bz2',
    'tbz2',
    'xz',
    'txz',
    '7z',
    'rar',
    'zst',
    'jar',
    'war',
  ],
  audio: ['mp3', 'wav', 'flac', 'aac', 'ogg', 'oga', 'm4a', 'wma', 'opus', 'mid', 'midi'],
  video: ['mp4', 'mkv', 'avi', 'mov', 'wmv', 'flv', 'webm', 'm4v', 'mpeg', 'mpg', '3gp', 'm2ts'],
  spreadsheet: ['xls', 'xlsx', 'xlsm', 'csv', 'tsv', 'ods', 'numbers'],
  text: [
    'txt',
    'log',
    'md',
    'markdown',
    'ini',
    'conf',
    'cfg',
    'env',
    'json',
    'yaml',
    'yml',
    'toml',
    'sh',
    'bash',
    'js',
    'mjs',
    'cjs',
    'ts',
    'tsx',
    'jsx',
    'go',
    'py',
    'php',
    'java',
    'rb',
    'rs',
    'c',
    'h',
    'cpp',
    'css',
    'scss',
    'less',
    'sql',
    'properties',
    'lock',
  ],
  xml: ['xml', 'html', 'htm', 'xhtml', 'svg', 'xsd', 'xsl', 'plist', 'vue'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'tif', 'tiff', 'avif'],
  pdf: ['pdf'],
};

const BY_EXTENSION = new Map<string, FileKind>(
  Object.entries(EXTENSIONS).flatMap(([kind, exts]) => exts.map((e) => [e, kind as FileKind])),
);

/** The text after the last dot of the base name; a dotfile (`.env`) counts as its name. */
function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The kind of `name` (a file name or path); `unknown` for no or an unfamiliar extension. */
export function fileKind(name: string): FileKind {
  return BY_EXTENSION.get(extensionOf(name)) ?? 'unknown';
}
