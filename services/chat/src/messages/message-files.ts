import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import {
  ErrorCodes,
  ImageOwners,
  MediaContracts,
  storedImageKey,
  TOO_LARGE_MESSAGES,
  type Actor,
  type MessageFile,
} from '@teamchat/contracts';

/** The refusal for a file address that names no file upload of the member's workspace. */
export const FILE_NOT_UPLOADED_MESSAGE = 'File not found. Please upload it again.';

/**
 * A message's file attachment (issue 18, "Files"): the address must be the `/attachments/...` path of a `file` upload of
 * the member's current workspace that media stored within its 25MB. Its name, size and type are the ones media
 * recorded for the upload, never what a client says about it.
 */
@Injectable()
export class MessageFiles {
  constructor(private readonly bus: BusClient) {}

  /**
   * The attachment to store with a message from `member` in `channelId` (VALIDATION.FAILED on `fileUrl` when refused):
   * media binds it to that channel, so only the channel's readers read it, and refuses someone else's upload.
   */
  async require(member: Actor & { workspaceId: string }, address: string, channelId: string): Promise<MessageFile> {
    const refuse = (message: string) => new DomainError(ErrorCodes.validation, message, [{ path: 'fileUrl', message }]);
    if (!storedImageKey(address, 'file', [ImageOwners.workspace(member.workspaceId)]))
      throw refuse(FILE_NOT_UPLOADED_MESSAGE);
    let stored;
    try {
      stored = await this.bus.request(MediaContracts.verifyUpload, { actor: member, url: address, channelId });
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCodes.uploadTooLarge) throw refuse(TOO_LARGE_MESSAGES.file);
      if (
        err instanceof DomainError &&
        (err.code === ErrorCodes.objectNotFound || err.code === ErrorCodes.uploadInvalid)
      )
        throw refuse(FILE_NOT_UPLOADED_MESSAGE);
      // media being unreachable is not the caller's fault
      throw err;
    }
    if (stored.kind !== 'file') throw refuse(FILE_NOT_UPLOADED_MESSAGE);
    return { url: address, name: stored.name ?? 'file', size: stored.size, type: stored.contentType };
  }
}
