// Direct uploads: ask for a signed URL, PUT the bytes there, keep the URL without its query string.
import { imageAddressFromUploadUrl, Routes } from '@teamchat/contracts';
import { callApi } from '../lib/api-client.js';

export class UploadError extends Error {}

/** Uploads a workspace logo or a profile image; resolves with the address to store. */
export const uploadFile = async (file: File, kind: 'logo' | 'profile'): Promise<string> => {
  let uploadUrl: string | undefined;
  try {
    const ticket = await callApi(Routes.createUploadUrl, {
      body: { filename: file.name, contentType: file.type, kind },
    });
    uploadUrl = ticket.uploadUrl;
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
  return imageAddressFromUploadUrl(uploadUrl);
};

const sameOrigin = (url: string): boolean => {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};
