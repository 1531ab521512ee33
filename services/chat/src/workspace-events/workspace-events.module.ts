import { Module } from '@nestjs/common';
import { WorkspaceEventsController } from './workspace-events.controller.js';
import { WorkspaceSetupService } from './workspace-setup.service.js';
import { ChatCommonModule } from '../common/common.module.js';

@Module({
  imports: [ChatCommonModule],
  controllers: [WorkspaceEventsController],
  providers: [WorkspaceSetupService],
  exports: [WorkspaceSetupService],
})
export class WorkspaceEventsModule {}
