// Message attachments of any type (issue 18, "Files"): the type a file is recorded and served with, its shown name,
// which types a browser may show inline, and how a size reads.

/** What a file attachment may weigh: 25MB. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;

/** The content type of a file nobody could name. */
export const GENERIC_FILE_TYPE = 'application/octet-stream';

/** The type each well-known extension stands for: a file's name decides its type before what the browser declared. */
export const FILE_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  svg: 'image/svg+xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/plain',
  css: 'text/css',
  sql: 'application/sql',
  sh: 'application/x-sh',
  py: 'text/x-python',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  epub: 'application/epub+zip',
  ics: 'text/calendar',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  exe: 'application/vnd.microsoft.portable-executable',
  msi: 'application/x-msi',
  dmg: 'application/x-apple-diskimage',
  apk: 'application/vnd.android.package-archive',
};

/** Types a browser may show in the page itself (the rest is only ever downloaded): PDF and raster images. */
export const INLINE_FILE_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** `Text/Plain; charset=x` → `text/plain`; null when it is not a well-formed content type. */
export const bareContentType = (declared: string | null | undefined): string | null => {
  const bare = (declared ?? '').split(';')[0].trim().toLowerCase();
  return MIME_TYPE.test(bare) ? bare : null;
};

/** The extension of a file name in lower case (`report.final.PDF` → `pdf`), or null. */
export const fileExtension = (filename: string): string | null => {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim());
  return match ? match[1].toLowerCase() : null;
};

/**
 * The type a file is recorded and served with: the one its extension stands for when that is well known, else the
 * type the browser declared when it is well formed, else application/octet-stream.
 */
export const fileTypeOf = (filename: string, declared?: string | null): string => {
  const ext = fileExtension(filename);
  return (ext ? FILE_TYPES_BY_EXTENSION[ext] : undefined) ?? bareContentType(declared) ?? GENERIC_FILE_TYPE;
};

/** The name a file is shown and downloaded under: no folders, no control characters, at most 255 characters. */
export const displayFileName = (filename: string): string => {
  const base = filename.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
};

/** Whether a browser may show the type in the page (PDF, raster images); everything else is served as a download. */
export const isInlineFileType = (type: string): boolean => INLINE_FILE_TYPES.includes(bareContentType(type) ?? '');

/** `1234` → `1.2 KB`, `1258291` → `1.2 MB`: how a file's size reads on its card. */
export const humanFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${units[unit]}`;
};
