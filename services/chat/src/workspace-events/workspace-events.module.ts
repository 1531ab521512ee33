import { Module } from '@nestjs/common';
import { WorkspaceEventsController } from './workspace-events.controller.js';
import { WorkspaceSetupService } from './workspace-setup.service.js';

@Module({
  controllers: [WorkspaceEventsController],
  providers: [WorkspaceSetupService],
  exports: [WorkspaceSetupService],
})
export class WorkspaceEventsModule {}
