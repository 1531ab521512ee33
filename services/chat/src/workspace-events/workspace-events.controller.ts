import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnEvent, ZodPipe } from '@teamchat/bus';
import { WorkspaceEvents } from '@teamchat/contracts';
import { WorkspaceSetupService } from './workspace-setup.service.js';

type Created = z.output<typeof WorkspaceEvents.workspaceCreated.payload>;

/** Chat's reaction to workspace lifecycle events. */
@Controller()
export class WorkspaceEventsController {
  constructor(private readonly setup: WorkspaceSetupService) {}

  @OnEvent(WorkspaceEvents.workspaceCreated)
  async created(@Payload(new ZodPipe(WorkspaceEvents.workspaceCreated.payload)) event: Created): Promise<void> {
    await this.setup.ensure(event.workspaceId);
  }
}
