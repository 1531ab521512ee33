// Who reads a posted message attachment: whoever may read the channel it was posted in, as chat's one channel-access
// check decides it (DMs, and any later rule of chat's), never a second copy of that rule here.
import { Inject, Injectable } from '@nestjs/common';
import { BusClient, DomainError } from '@teamchat/bus';
import { ChatContracts, ErrorCodes, type Actor } from '@teamchat/contracts';

/** Chat's answers that mean "not for this actor"; anything else (chat unreachable) is not the reader's fault. */
const NOT_READABLE = new Set<string>([
  ErrorCodes.channelNotFound,
  ErrorCodes.workspaceNotFound,
  ErrorCodes.noWorkspace,
  ErrorCodes.memberNotFound,
]);

@Injectable()
export class AttachmentAudience {
  constructor(@Inject(BusClient) private readonly bus: Pick<BusClient, 'request'>) {}

  async mayReadChannel(actor: Actor, channelId: string): Promise<boolean> {
    try {
      await this.bus.request(ChatContracts.channelAccess, { actor, channelId });
      return true;
    } catch (err) {
      if (err instanceof DomainError && NOT_READABLE.has(err.code)) return false;
      throw err;
    }
  }
}
