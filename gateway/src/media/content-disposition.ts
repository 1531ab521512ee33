import { isInlineFileType, type StoredObject } from '@teamchat/contracts';

/** RFC 8187 value characters: what may stand unencoded after `UTF-8''`. */
const encodeExtValue = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A plain-ASCII stand-in for clients that ignore `filename*`: anything else, quotes and backslashes become `_`. */
const asciiFallback = (name: string): string => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * A Content-Disposition header value (RFC 6266): `inline` or `attachment`, with the original file name both as an
 * ASCII fallback and, UTF-8 encoded, as `filename*`.
 */
export const contentDisposition = (type: 'inline' | 'attachment', filename?: string | null): string => {
  if (!filename) return type;
  return `${type}; filename="${asciiFallback(filename)}"; filename*=UTF-8''${encodeExtValue(filename)}`;
};

/**
 * How an object is served. Images (profile, logo, reaction, message image) are shown inline, as always. A file
 * attachment keeps its recorded type and its original name; only a PDF or a raster image may be shown inline, anything
 * else (executables, HTML, SVG, XML, scripts, unknown types) only ever downloads.
 */
export const servedAs = (object: Pick<StoredObject, 'kind' | 'contentType' | 'name'>) => {
  if (object.kind !== 'file') return { contentType: object.contentType, disposition: contentDisposition('inline') };
  const inline = isInlineFileType(object.contentType);
  return {
    contentType: object.contentType,
    disposition: contentDisposition(inline ? 'inline' : 'attachment', object.name ?? 'file'),
  };
};
