import { AuthRoutes, InviteRoutes, UserRoutes, WorkspaceRoutes } from './accounts.routes.js';
import {
  ChannelRoutes,
  DmRoutes,
  MessageRoutes,
  NotificationRoutes,
  ReactionRoutes,
  SectionRoutes,
  ThreadRoutes,
} from './chat.routes.js';
import { BillingRoutes, ObjectRoutes, SystemRoutes, TaskRoutes, UploadRoutes } from './other.routes.js';
import type { HttpRoute } from '../route.js';

export * from './accounts.routes.js';
export * from './chat.routes.js';
export * from './other.routes.js';

/**
 * Every HTTP route, keyed by its operationId. The gateway registers the forwarding ones and checks that a controller
 * answers each of the others; the OpenAPI document and the web client are made from this table.
 */
export const Routes = {
  ...AuthRoutes,
  ...UserRoutes,
  ...WorkspaceRoutes,
  ...InviteRoutes,
  ...ChannelRoutes,
  ...SectionRoutes,
  ...DmRoutes,
  ...MessageRoutes,
  ...ThreadRoutes,
  ...ReactionRoutes,
  ...NotificationRoutes,
  ...TaskRoutes,
  ...BillingRoutes,
  ...UploadRoutes,
  ...ObjectRoutes,
  ...SystemRoutes,
} as const;

export type OperationId = keyof typeof Routes;

/** The table as `[operationId, route]` pairs, in declaration order. */
export const routeEntries = (): [OperationId, HttpRoute][] => Object.entries(Routes) as [OperationId, HttpRoute][];
