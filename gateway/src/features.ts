import type { Type } from '@nestjs/common';
import type { GatewayRuntime } from './gateway.runtime.js';
import { AuthModule } from './auth/auth.module.js';
import { GatewayEventsModule } from './cluster/gateway-events.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { BillingModule } from './billing/billing.module.js';
import { TasksModule } from './tasks/tasks.module.js';
import { MediaModule } from './media/media.module.js';
import { ChatModule } from './chat/chat.module.js';

/**
 * Feature modules of the edge, one per service it fronts (auth/users, workspaces, billing, chat, tasks, media), and
 * the live socket. Each lives in its own folder under src/ and is listed here.
 */
export const gatewayFeatures = (_runtime: GatewayRuntime): Type<unknown>[] => [
  GatewayEventsModule,
  AuthModule,
  RealtimeModule,
  AccountsModule,
  BillingModule,
  TasksModule,
  MediaModule,
  ChatModule,
];
