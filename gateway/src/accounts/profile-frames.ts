import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@teamchat/bus';
import { ProfileFrameSchema, RealtimeEvents, WorkspaceContracts } from '@teamchat/contracts';

/**
 * A member's profile changed (name shown, picture, handle, status, stars): every open screen of each of their
 * workspaces shows it at once (a `settings` frame with change `profile`, carrying the profile so that screens patch
 * that one member in place rather than refetch the roster), with no reload.
 */
@Injectable()
export class ProfileFrames {
  private readonly logger = new Logger(ProfileFrames.name);

  constructor(private readonly bus: BusClient) {}

  /** Best effort, after the change is stored: a lost frame only means the next refetch shows it. */
  async changed(userId: string, profile: object): Promise<void> {
    try {
      // the public fields only (the stored user also has an email and more)
      const shown = ProfileFrameSchema.parse(profile);
      const workspaces = await this.bus.request(WorkspaceContracts.list, { actor: { userId, workspaceId: null } });
      await Promise.all(
        workspaces.map((w) =>
          this.bus.emit(RealtimeEvents.workspaceBroadcast, {
            workspaceId: w.id,
            frame: { type: 'settings', workspaceId: w.id, change: 'profile', userId, profile: shown },
          }),
        ),
      );
    } catch (err) {
      this.logger.warn(`profile frames for ${userId} failed: ${String(err)}`);
    }
  }
}
