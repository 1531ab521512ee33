// Who may do what to a channel, as the server decides it (the menu offers only what would be allowed).
import type { Channel, CurrentUser } from '@teamchat/contracts';

/** A channel admin: its creator, or any workspace admin. They remove members and archive or unarchive it. */
export const isChannelAdmin = (channel: Pick<Channel, 'createdBy'>, user: Pick<CurrentUser, 'id' | 'isAdmin'>) =>
  user.isAdmin || channel.createdBy === user.id;

/** Only workspace admins make a public channel private, and never back. */
export const canConvert = (channel: Pick<Channel, 'visibility' | 'archived'>, user: Pick<CurrentUser, 'isAdmin'>) =>
  user.isAdmin && channel.visibility === 'public' && !channel.archived;
