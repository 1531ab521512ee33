// Direct uploads: ask for a signed URL, PUT the bytes there, keep the URL without its query string.
import { apiJson } from '../lib/request.js';

export class UploadError extends Error {}

/** Spec 1 §7: the stored image address is the upload address without its query string. */
export const storedUrl = (uploadUrl: string): string => uploadUrl.split('?')[0]!;

export const uploadFile = async (file: File): Promise<string> => {
  let uploadUrl: string | undefined;
  try {
    const res = await apiJson<{ uploadUrl?: string; uploadURL?: string }>('POST', '/api/upload-url', {
      filename: file.name,
      contentType: file.type,
    });
    uploadUrl = res.uploadUrl ?? res.uploadURL;
  } catch {
    throw new UploadError('Failed to get upload URL');
  }
  if (!uploadUrl) throw new UploadError('Failed to get upload URL');
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: sameOrigin(uploadUrl) ? 'include' : 'omit',
  }).catch(() => undefined);
  if (!put?.ok) throw new UploadError('Failed to upload file');
  return storedUrl(uploadUrl);
};

const sameOrigin = (url: string): boolean => {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};
