import { z } from 'zod';
import { defineRequest } from '../contract.js';
import type { ServiceName } from '../services.js';

export const HealthPingReplySchema = z.object({ service: z.string(), status: z.literal('ok') });
export type HealthPingReply = z.infer<typeof HealthPingReplySchema>;

/** `<service>.health.ping`: every service answers it; readiness checks use it. */
export const healthPing = (service: ServiceName) =>
  defineRequest(`${service}.health.ping`, z.object({}).loose(), HealthPingReplySchema);
