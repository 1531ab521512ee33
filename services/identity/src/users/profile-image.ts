import { Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import {
  ErrorCodes,
  IMAGE_NOT_UPLOADED_MESSAGE,
  ImageOwners,
  imageRefusalMessage,
  MediaContracts,
  STORED_IMAGE_UPLOAD_KINDS,
  storedImageKey,
  type Actor,
  type UploadKind,
} from '@teamchat/contracts';

const refuse = (message: string) =>
  new DomainError(ErrorCodes.validation, message, [{ path: 'profileImageUrl', message }]);

/** A profile image address is only ever one of the caller's own profile uploads that media stored and checked. */
@Injectable()
export class ProfileImages {
  constructor(private readonly bus: BusClient) {}

  /**
   * Refuses (VALIDATION.FAILED) an address that is not `/objects/<key>` of a profile-image upload under the actor's
   * current workspace or the actor themself, readable by them, stored and within the type and 3MB checks.
   */
  async requireUploaded(actor: Actor, address: string): Promise<void> {
    const owners = [ImageOwners.user(actor.userId)];
    if (actor.workspaceId) owners.push(ImageOwners.workspace(actor.workspaceId));
    if (!storedImageKey(address, 'profile', owners)) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
    let kind: UploadKind;
    try {
      ({ kind } = await this.bus.request(MediaContracts.verifyUpload, { actor, url: address }));
    } catch (err) {
      const message = err instanceof DomainError ? imageRefusalMessage('profile', err.code) : null;
      if (message) throw refuse(message);
      throw err;
    }
    if (!STORED_IMAGE_UPLOAD_KINDS.profile.includes(kind)) throw refuse(IMAGE_NOT_UPLOADED_MESSAGE);
  }
}
