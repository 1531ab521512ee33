import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import {
  chatImageKey,
  chatImageRefusalMessage,
  ErrorCodes,
  IMAGE_NOT_UPLOADED_MESSAGE,
  MediaContracts,
  type ChatImageKind,
} from '@teamchat/contracts';
import type { Member } from './workspace-access.service.js';

const refuse = (message: string) => new DomainError(ErrorCodes.validation, message, [{ path: 'imageUrl', message }]);

/** A message image or a custom reaction's picture is only ever an upload of that kind that media stored and checked. */
@Injectable()
export class ChatImages {
  constructor(private readonly bus: BusClient) {}

  /**
   * Refuses (VALIDATION.FAILED) an address that is not the served path of an upload of `kind` under the member's
   * workspace (`/attachments/w/<workspaceId>/...` for messages, `/objects/w/<workspaceId>/...` for reactions), or
   * whose object media does not have stored within its kind's type and size checks.
   */
  async requireUploaded(member: Member, address: string, kind: ChatImageKind): Promise<void> {
    if (!chatImageKey(address, kind, member.workspaceId)) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
    let stored: { kind: string };
    try {
      stored = await this.bus.request(MediaContracts.verifyUpload, { actor: member, url: address });
    } catch (err) {
      const message = err instanceof DomainError ? chatImageRefusalMessage(kind, err.code) : null;
      if (message) throw refuse(message);
      throw err;
    }
    if (stored.kind !== kind) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
  }
}
