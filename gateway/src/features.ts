import type { Type } from '@nestjs/common';
import type { GatewayRuntime } from './gateway.runtime.js';

/**
 * Feature modules of the edge, one per service it fronts (auth/users, workspaces, billing, chat, tasks, media).
 * Each lives in its own folder under src/ and is listed here.
 */
export const gatewayFeatures = (_runtime: GatewayRuntime): Type<unknown>[] => [];
