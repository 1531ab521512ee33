import { Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  IMAGE_NOT_UPLOADED_MESSAGE,
  imageRefusalMessage,
  MediaContracts,
  STORED_IMAGE_UPLOAD_KINDS,
  storedImageKey,
  type Actor,
  type StoredImageKind,
} from '@teamchat/contracts';
import { BusClient, DomainError } from '@teamchat/bus';

export interface StoredImageCheck {
  kind: StoredImageKind;
  /** Key prefixes the image may live under (`ImageOwners.workspace(id)`, `ImageOwners.user(id)`). */
  owners: readonly string[];
  /** The request field named in the validation issue. */
  field: string;
  /** A message image about to be posted in this channel: bound to it, and read only by those who may read it. */
  channelId?: string;
}

/**
 * For a service about to keep an image address (profile image, logo, message image, reaction picture): the address
 * must be the served path of an upload of that kind under one of the owners, and media must have it stored within its
 * kind's type and size checks. Refusals are VALIDATION.FAILED with the kind's spec text; media being unreachable is
 * not the caller's fault and passes through as is.
 */
@Injectable()
export class StoredImages {
  constructor(private readonly bus: BusClient) {}

  async requireUploaded(
    actor: Actor,
    address: string,
    { kind, owners, field, channelId }: StoredImageCheck,
  ): Promise<void> {
    const refuse = (message: string) => new DomainError(ErrorCodes.validation, message, [{ path: field, message }]);
    if (!storedImageKey(address, kind, owners)) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
    let stored: { kind: string };
    try {
      stored = await this.bus.request(MediaContracts.verifyUpload, { actor, url: address, channelId });
    } catch (err) {
      const message = err instanceof DomainError ? imageRefusalMessage(kind, err.code) : null;
      if (message) throw refuse(message);
      throw err;
    }
    if (!(STORED_IMAGE_UPLOAD_KINDS[kind] as readonly string[]).includes(stored.kind))
      throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
  }
}
