import type { ServiceDefinition } from '@teamchat/service-kit';
import { SERVICE_NAMES, type ServiceName } from '@teamchat/contracts';
import { identityService } from '@teamchat/identity';
import { workspaceService } from '@teamchat/workspace';
import { chatService } from '@teamchat/chat';
import { tasksService } from '@teamchat/tasks';
import { billingService } from '@teamchat/billing';
import { mediaService } from '@teamchat/media';

/** Each service's definition by name: the type refuses a name of SERVICE_NAMES left out. */
const DEFINITIONS: Record<ServiceName, ServiceDefinition> = {
  identity: identityService,
  workspace: workspaceService,
  chat: chatService,
  tasks: tasksService,
  billing: billingService,
  media: mediaService,
};

/** Every service the product runs, in the order of SERVICE_NAMES; the standalone process hosts them all. */
export const ALL_SERVICES: ServiceDefinition[] = SERVICE_NAMES.map((name) => DEFINITIONS[name]);
