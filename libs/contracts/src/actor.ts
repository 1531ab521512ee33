import { z } from 'zod';

/** Who is calling: carried on every service request; services re-check it. */
export const ActorSchema = z.object({
  userId: z.uuid(),
  workspaceId: z.uuid().nullable(),
});
export type Actor = z.infer<typeof ActorSchema>;

/** Wraps a request payload schema with the caller. */
export const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: ActorSchema, ...shape });
