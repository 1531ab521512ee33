import { z } from 'zod';
import { defineEvent } from '../contract.js';

export const BillingEvents = {
  /** The number of paid seats of a workspace changed; the workspace service enforces it on every path adding a member. */
  seatsChanged: defineEvent(
    'billing.seats.changed',
    z.object({ workspaceId: z.uuid(), seats: z.number().int().min(0) }),
  ),
} as const;
