import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import {
  ErrorCodes,
  IMAGE_NOT_UPLOADED_MESSAGE,
  imageRefusalMessage,
  MediaContracts,
  STORED_IMAGE_UPLOAD_KINDS,
  storedImageKey,
  type Actor,
  type UploadKind,
} from '@teamchat/contracts';

const refuse = (message: string) =>
  new DomainError(ErrorCodes.validation, message, [{ path: 'profileImageUrl', message }]);

/** A workspace logo address is only ever a logo upload that media stored and checked. */
@Injectable()
export class WorkspaceLogos {
  constructor(private readonly bus: BusClient) {}

  /**
   * Refuses (VALIDATION.FAILED) an address that is not `/objects/<key>` of a logo upload under one of `owners`,
   * readable by `reader` (media re-checks membership), stored and within the type and 5MB checks.
   */
  async requireUploaded(reader: Actor, address: string, owners: readonly string[]): Promise<void> {
    if (!storedImageKey(address, 'logo', owners)) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
    let kind: UploadKind;
    try {
      ({ kind } = await this.bus.request(MediaContracts.verifyUpload, { actor: reader, url: address }));
    } catch (err) {
      const message = err instanceof DomainError ? imageRefusalMessage('logo', err.code) : null;
      if (message) throw refuse(message);
      throw err;
    }
    if (!STORED_IMAGE_UPLOAD_KINDS.logo.includes(kind)) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
  }
}
