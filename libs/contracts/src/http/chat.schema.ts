import { z } from 'zod';

export const CHANNEL_ICONS = ['Hash', 'Bell', 'Megaphone', 'Lock', 'Users', 'Zap', 'MessageSquare', 'MessageCircle'] as const;
export type ChannelIcon = (typeof CHANNEL_ICONS)[number];
/** Unknown icons fall back to Hash (spec 1 §3). */
export const normalizeIcon = (icon: unknown): ChannelIcon =>
  (CHANNEL_ICONS as readonly string[]).includes(icon as string) ? (icon as ChannelIcon) : 'Hash';

export const CHANNEL_NAME_EMPTY = 'Channel name cannot be empty.';
export const ChannelNameSchema = z.string({ error: CHANNEL_NAME_EMPTY }).trim().min(1, CHANNEL_NAME_EMPTY).max(80, 'Channel name too long');

export const CreateChannelSchema = z.object({
  name: ChannelNameSchema,
  description: z.string().max(500, 'Description too long').optional().nullable(),
  sectionId: z.string().optional().nullable(),
  icon: z.string().optional().nullable(),
});
export type CreateChannel = z.infer<typeof CreateChannelSchema>;

export const RenameChannelSchema = z.object({ name: ChannelNameSchema });

export const SECTION_NAME_EMPTY = 'Section name cannot be empty.';
export const CreateSectionSchema = z.object({
  name: z.string({ error: SECTION_NAME_EMPTY }).trim().min(1, SECTION_NAME_EMPTY).max(80, 'Section name too long'),
  order: z.number().int().min(0).optional(),
});
export type CreateSection = z.infer<typeof CreateSectionSchema>;

export const SECTION_NOT_EMPTY_MESSAGE = 'This section may contain channels. Remove channels first.';

export const ReorderChannelSchema = z.object({ channelId: z.string().min(1), newOrder: z.number().int().min(0) });
export const CreateDmSchema = z.object({ userId2: z.string().min(1, 'User is required') });

export const MESSAGE_EMPTY = 'Message must have either content or an image';
export const MESSAGE_MAX = 4000;
export const CreateMessageSchema = z
  .object({
    content: z.string().max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`).optional().nullable(),
    imageUrl: z.string().max(2048).optional().nullable(),
    clientMsgId: z.string().min(1).max(100).optional(),
  })
  .refine((m) => (m.content?.trim().length ?? 0) > 0 || (m.imageUrl?.trim().length ?? 0) > 0, { message: MESSAGE_EMPTY });
export type CreateMessage = z.infer<typeof CreateMessageSchema>;

export const ChannelSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  sectionId: z.uuid().nullable(),
  type: z.enum(['regular', 'direct']),
  participantIds: z.array(z.uuid()).nullable(),
  icon: z.enum(CHANNEL_ICONS),
  order: z.number(),
  createdAt: z.string(),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const SectionSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  order: z.number(),
  createdAt: z.string(),
});
export type Section = z.infer<typeof SectionSchema>;

export const MessageSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  agentId: z.string().nullable().optional(),
  clientMsgId: z.string().nullable().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const SearchResultSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  channelName: z.string(),
  username: z.string(),
  content: z.string().nullable(),
  createdAt: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const REACTION_NAME_MESSAGE = 'Reaction name must be 1 to 32 letters, numbers, underscores or hyphens.';
export const CreateCustomReactionSchema = z.object({
  name: z.string({ error: REACTION_NAME_MESSAGE }).trim().regex(/^[A-Za-z0-9_-]{1,32}$/, REACTION_NAME_MESSAGE),
  imageUrl: z.string({ error: 'Image is required' }).min(1, 'Image is required').max(2048),
  createdBy: z.string().optional(),
});
export type CreateCustomReaction = z.infer<typeof CreateCustomReactionSchema>;
