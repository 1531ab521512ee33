// Uploading a message's file attachment (any type, up to 25MB): a ticket from POST /api/messages/upload with the file's
// name, type and size, the PUT of its bytes, and the /attachments/... address the message then carries as fileUrl.
import {
  attachmentPathFromUploadUrl,
  messageUploadKind,
  TOO_LARGE_MESSAGES,
  UPLOAD_LIMITS,
  Routes,
  type MessageFile,
} from '@teamchat/contracts';
import { callApi, type RouteResult } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/request.js';
import { AttachmentUploadError, putToUploadUrl } from '../api.js';

/** Whether the server takes this file as a message image (png, jpeg, gif, webp by name: a preview) or as a file. */
export const isImageAttachment = (file: Pick<File, 'name'>): boolean => messageUploadKind(file.name) === 'message';

/** Why a file cannot be attached (over its limit: 10MB for an image, 25MB for any other file), or null. */
export const attachmentProblem = (file: Pick<File, 'name' | 'size'>): string | null => {
  const kind = messageUploadKind(file.name);
  return file.size > UPLOAD_LIMITS[kind] ? TOO_LARGE_MESSAGES[kind] : null;
};

/**
 * Uploads a (non-image) file and answers what the message will show: the server keeps the name, size and type it
 * recorded for the upload, which are the same as the file's here.
 */
export const uploadMessageFile = async (file: File, onProgress?: (fraction: number) => void): Promise<MessageFile> => {
  let ticket: RouteResult<typeof Routes.createMessageUpload>;
  try {
    ticket = await callApi(Routes.createMessageUpload, {
      body: { filename: file.name, ...(file.type ? { contentType: file.type } : {}), size: file.size },
    });
  } catch (err) {
    throw new AttachmentUploadError(errorMessage(err, 'Failed to get upload URL'));
  }
  if (!(await putToUploadUrl(ticket.uploadURL, file, onProgress)))
    throw new AttachmentUploadError('Failed to upload file');
  const url = attachmentPathFromUploadUrl(ticket.uploadURL) ?? ticket.objectPath;
  return { url, name: file.name, size: file.size, type: file.type || 'application/octet-stream' };
};
