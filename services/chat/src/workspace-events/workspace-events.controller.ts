import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnEvent, ZodPipe } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { WorkspaceEvents } from '@teamchat/contracts';
import { WorkspaceSetupService } from './workspace-setup.service.js';

type Created = z.output<typeof WorkspaceEvents.workspaceCreated.payload>;
type Removed = z.output<typeof WorkspaceEvents.memberRemoved.payload>;
type Added = z.output<typeof WorkspaceEvents.memberAdded.payload>;

/** Chat's reaction to workspace lifecycle events. */
@Controller()
export class WorkspaceEventsController {
  constructor(
    private readonly setup: WorkspaceSetupService,
    private readonly membership: WorkspaceMembership,
  ) {}

  @OnEvent(WorkspaceEvents.workspaceCreated)
  async created(@Payload(new ZodPipe(WorkspaceEvents.workspaceCreated.payload)) event: Created): Promise<void> {
    await this.setup.ensure(event.workspaceId);
  }

  /** A new member of the workspace joins its default channels. */
  @OnEvent(WorkspaceEvents.memberAdded)
  async added(@Payload(new ZodPipe(WorkspaceEvents.memberAdded.payload)) event: Added): Promise<void> {
    await this.setup.memberAdded(event.workspaceId, event.userId);
  }

  /**
   * The removed member's cached membership goes here too (every chat process also drops it on its own subscription),
   * and they leave the workspace's channels.
   */
  @OnEvent(WorkspaceEvents.memberRemoved)
  async removed(@Payload(new ZodPipe(WorkspaceEvents.memberRemoved.payload)) event: Removed): Promise<void> {
    this.membership.forget(event.workspaceId, event.userId);
    await this.setup.memberRemoved(event.workspaceId, event.userId);
  }
}
