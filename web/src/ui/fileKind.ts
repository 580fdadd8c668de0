/**
 * What a file is, as far as a file manager needs to know from its name: which icon it shows,
 * how it is previewed and which highlighting its text gets. Nothing here reads the file.
 */
export type FileKind =
  | 'directory'
  | 'image'
  | 'pdf'
  | 'archive'
  | 'audio'
  | 'video'
  | 'spreadsheet'
  | 'document'
  | 'markdown'
  | 'code'
  | 'text'
  | 'binary'
  | 'file';

/**
 * A highlighting mode of `@codemirror/legacy-modes`, by its export name; the editor loads the
 * mode itself, so this module stays free of CodeMirror.
 */
export type CodeLanguage =
  | 'shell'
  | 'javascript'
  | 'typescript'
  | 'json'
  | 'python'
  | 'ruby'
  | 'perl'
  | 'lua'
  | 'go'
  | 'rust'
  | 'c'
  | 'cpp'
  | 'java'
  | 'kotlin'
  | 'scala'
  | 'csharp'
  | 'swift'
  | 'groovy'
  | 'yaml'
  | 'toml'
  | 'properties'
  | 'nginx'
  | 'dockerfile'
  | 'xml'
  | 'html'
  | 'css'
  | 'sass'
  | 'sql'
  | 'diff'
  | 'powershell'
  | 'cmake'
  | 'r';

export interface FileKindInfo {
  kind: FileKind;
  /** The highlighting of its text, when it is code or a known configuration format. */
  language?: CodeLanguage;
}

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, CodeLanguage>> = {
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ksh: 'shell',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  map: 'json',
  py: 'python',
  pyw: 'python',
  rb: 'ruby',
  pl: 'perl',
  pm: 'perl',
  lua: 'lua',
  go: 'go',
  rs: 'rust',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  cs: 'csharp',
  swift: 'swift',
  groovy: 'groovy',
  gradle: 'groovy',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'toml',
  ini: 'properties',
  cfg: 'properties',
  conf: 'properties',
  cnf: 'properties',
  properties: 'properties',
  env: 'properties',
  service: 'properties',
  timer: 'properties',
  socket: 'properties',
  xml: 'xml',
  svg: 'xml',
  xsd: 'xml',
  xsl: 'xml',
  plist: 'xml',
  html: 'html',
  htm: 'html',
  vue: 'html',
  css: 'css',
  scss: 'sass',
  sass: 'sass',
  less: 'css',
  sql: 'sql',
  diff: 'diff',
  patch: 'diff',
  ps1: 'powershell',
  psm1: 'powershell',
  cmake: 'cmake',
  r: 'r',
};

/** Names that say their format without an extension (or despite it). */
const LANGUAGE_BY_NAME: Readonly<Record<string, CodeLanguage>> = {
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  jenkinsfile: 'groovy',
  'cmakelists.txt': 'cmake',
  'nginx.conf': 'nginx',
  '.bashrc': 'shell',
  '.bash_profile': 'shell',
  '.bash_logout': 'shell',
  '.profile': 'shell',
  '.zshrc': 'shell',
  '.zprofile': 'shell',
  '.env': 'properties',
  '.gitconfig': 'properties',
  '.editorconfig': 'properties',
  crontab: 'shell',
};

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  ...Object.fromEntries(
    ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'avif'].map((e) => [e, 'image']),
  ),
  pdf: 'pdf',
  ...Object.fromEntries(
    ['zip', 'tar', 'gz', 'tgz', 'bz2', 'tbz2', 'xz', 'txz', 'zst', '7z', 'rar', 'jar', 'war']
      .concat(['deb', 'rpm', 'apk', 'iso', 'lz4'])
      .map((e) => [e, 'archive']),
  ),
  ...Object.fromEntries(['mp3', 'wav', 'flac', 'ogg', 'm4a', 'aac'].map((e) => [e, 'audio'])),
  ...Object.fromEntries(['mp4', 'mkv', 'webm', 'mov', 'avi'].map((e) => [e, 'video'])),
  ...Object.fromEntries(['xls', 'xlsx', 'ods', 'csv', 'tsv'].map((e) => [e, 'spreadsheet'])),
  ...Object.fromEntries(['doc', 'docx', 'odt', 'ppt', 'pptx', 'odp'].map((e) => [e, 'document'])),
  ...Object.fromEntries(['md', 'markdown'].map((e) => [e, 'markdown'])),
  ...Object.fromEntries(
    ['txt', 'log', 'out', 'err', 'text', 'lock', 'pid', 'pem', 'crt', 'key', 'pub'].map((e) => [
      e,
      'text',
    ]),
  ),
  ...Object.fromEntries(
    ['exe', 'dll', 'so', 'o', 'a', 'bin', 'class', 'pyc', 'db', 'sqlite', 'woff', 'woff2', 'ttf']
      .concat(['otf', 'dat', 'img', 'qcow2'])
      .map((e) => [e, 'binary']),
  ),
};

/**
 * The extension that says most of a name: the last one (`app.tar.gz` → `gz`), except a rotated
 * log's number (`syslog.2.gz` stays an archive, `app.log.1` reads as `log`).
 */
export function fileExtension(name: string): string {
  const parts = name.toLowerCase().split('.');
  // A leading dot names a hidden file, not an extension (`.bashrc`).
  if (parts[0] === '') parts.shift();
  if (parts.length < 2) return '';
  const last = parts.at(-1) ?? '';
  if (/^\d+$/.test(last) && parts.length > 2) return parts.at(-2) ?? '';
  return last;
}

/** What an entry is: a directory (or a link to one), else its kind and language by name. */
export function fileKind(entry: { name: string; isDir: boolean }): FileKindInfo {
  if (entry.isDir) return { kind: 'directory' };
  const lower = entry.name.toLowerCase();
  const byName = LANGUAGE_BY_NAME[lower];
  if (byName) return { kind: 'code', language: byName };
  if (lower.startsWith('dockerfile.') || lower.endsWith('.dockerfile')) {
    return { kind: 'code', language: 'dockerfile' };
  }
  if (lower.startsWith('.env.')) return { kind: 'code', language: 'properties' };
  const extension = fileExtension(entry.name);
  const language = LANGUAGE_BY_EXTENSION[extension];
  if (language) return { kind: 'code', language };
  return { kind: KIND_BY_EXTENSION[extension] ?? 'file' };
}

/**
 * How a file is best previewed: inline as an image or a PDF, as text (the server then says
 * whether it is text after all), or only offered as a download.
 */
export function previewMode(kind: FileKind): 'image' | 'pdf' | 'text' | 'download' {
  switch (kind) {
    case 'image':
    case 'pdf':
      return kind;
    case 'archive':
    case 'audio':
    case 'video':
    case 'document':
    case 'binary':
    case 'directory':
      return 'download';
    case 'spreadsheet':
    case 'markdown':
    case 'code':
    case 'text':
    case 'file':
      return 'text';
  }
}
