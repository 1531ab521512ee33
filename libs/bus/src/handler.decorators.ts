import { applyDecorators, UseGuards } from '@nestjs/common';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { EventContract, RequestContract } from '@teamchat/contracts';
import { markWorkspaceWrite, WorkspaceWriteGuard } from './workspace-write.guard.js';

/**
 * `@OnRequest(Contract)`: a request/reply handler bound to the contract's subject constant. A contract marked
 * `workspaceWrite` is refused while the actor's workspace is read-only, before the handler runs.
 */
export const OnRequest = (contract: RequestContract): MethodDecorator =>
  contract.workspaceWrite
    ? applyDecorators(
        MessagePattern<string>(contract.subject),
        markWorkspaceWrite(contract),
        UseGuards(WorkspaceWriteGuard),
      )
    : MessagePattern<string>(contract.subject);

/** `@OnEvent(Contract)`: an event handler bound to the contract's subject constant. */
export const OnEvent = (contract: EventContract): MethodDecorator => EventPattern<string>(contract.subject);
