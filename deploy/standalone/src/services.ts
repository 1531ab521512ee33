import type { ServiceDefinition } from '@teamchat/bus';
import { identityService } from '@teamchat/identity';
import { workspaceService } from '@teamchat/workspace';
import { chatService } from '@teamchat/chat';
import { tasksService } from '@teamchat/tasks';
import { billingService } from '@teamchat/billing';
import { mediaService } from '@teamchat/media';

/** Every service the product runs; the standalone process hosts them all. */
export const ALL_SERVICES: ServiceDefinition[] = [identityService, workspaceService, chatService, tasksService, billingService, mediaService];
