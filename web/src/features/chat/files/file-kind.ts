// Which icon and label a file attachment gets, from its content type and name.
import { fileExtension } from '@teamchat/contracts';
import { File, FileArchive, FileAudio, FileCode, FileImage, FileSpreadsheet, FileText, FileVideo } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export type FileKind = 'pdf' | 'text' | 'code' | 'spreadsheet' | 'archive' | 'image' | 'audio' | 'video' | 'other';

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  txt: 'text',
  md: 'text',
  log: 'text',
  rtf: 'text',
  doc: 'text',
  docx: 'text',
  odt: 'text',
  ppt: 'text',
  pptx: 'text',
  odp: 'text',
  csv: 'spreadsheet',
  tsv: 'spreadsheet',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  ods: 'spreadsheet',
  zip: 'archive',
  gz: 'archive',
  tgz: 'archive',
  tar: 'archive',
  '7z': 'archive',
  rar: 'archive',
  html: 'code',
  htm: 'code',
  js: 'code',
  mjs: 'code',
  ts: 'code',
  tsx: 'code',
  jsx: 'code',
  css: 'code',
  json: 'code',
  xml: 'code',
  yaml: 'code',
  yml: 'code',
  sql: 'code',
  sh: 'code',
  py: 'code',
  go: 'code',
  rs: 'code',
  java: 'code',
  c: 'code',
  cpp: 'code',
  rb: 'code',
  php: 'code',
  svg: 'code',
};

/** What kind of file it is, by its extension first and then its type. */
export const fileKindOf = (file: { name: string; type: string }): FileKind => {
  const byName = BY_EXTENSION[fileExtension(file.name) ?? ''];
  if (byName) return byName;
  const type = file.type.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (/zip|tar|compressed|rar|gzip/.test(type)) return 'archive';
  if (/spreadsheet|excel|csv/.test(type)) return 'spreadsheet';
  if (/javascript|json|xml|html|x-sh|python/.test(type)) return 'code';
  if (type.startsWith('text/') || /word|document|presentation/.test(type)) return 'text';
  return 'other';
};

export const FILE_KIND_ICONS: Record<FileKind, LucideIcon> = {
  pdf: FileText,
  text: FileText,
  code: FileCode,
  spreadsheet: FileSpreadsheet,
  archive: FileArchive,
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  other: File,
};

/** A short label for the type: the extension in capitals (`PDF`, `ZIP`), else the type's subtype, else `FILE`. */
export const fileTypeLabel = (file: { name: string; type: string }): string => {
  const ext = fileExtension(file.name);
  if (ext) return ext.toUpperCase();
  const sub = file.type.split('/')[1];
  return sub && sub !== 'octet-stream' ? sub.toUpperCase().slice(0, 12) : 'FILE';
};
