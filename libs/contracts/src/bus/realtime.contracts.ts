import { z } from 'zod';
import { defineEvent } from '../contract.js';
import { BroadcastFrameSchema } from '../ws/frames.js';

export const RealtimeEvents = {
  /**
   * Asks the gateway to push a frame to the live sockets of a workspace (every one, or only those of `userIds`),
   * on whichever gateway node they are connected to. E.g. the tasks service sends `{ type: 'tasks', change, taskId }`.
   */
  workspaceBroadcast: defineEvent(
    'realtime.workspace.broadcast',
    z.object({ workspaceId: z.uuid(), frame: BroadcastFrameSchema, userIds: z.array(z.uuid()).max(5000).optional() }),
  ),
} as const;
