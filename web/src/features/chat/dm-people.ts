// Who a DM is with, as the user list knows them: what the sidebar, the channel header and the quick switcher call it.
import type { Channel, PublicUser } from '@teamchat/contracts';
import { DEFAULT_NAME_PREFS, displayName, type NamePrefs } from '../../lib/display-name.js';

/** Spec 1 §3: a DM whose other person is not (or no longer) in the user list. */
export const UNKNOWN_PERSON = 'Unknown';

export interface DmPerson {
  id: string;
  /** Their display name (lib/display-name.ts), or Unknown. */
  name: string;
  user?: PublicUser;
}

/** More than one other person: a 1:1 DM has two participants, a note-to-self DM one. */
export const isGroupDm = (dm: Pick<Channel, 'participantIds'>): boolean => (dm.participantIds?.length ?? 0) > 2;

/** Everyone in the DM but me, by name (me alone in a note-to-self DM); a group's people in alphabetical order. */
export const dmOthers = (
  dm: Pick<Channel, 'participantIds'>,
  meId: string | undefined,
  users: readonly PublicUser[],
  prefs: NamePrefs = DEFAULT_NAME_PREFS,
): DmPerson[] => {
  const others = (dm.participantIds ?? []).filter((id) => id !== meId);
  const ids = others.length > 0 ? others : meId ? [meId] : [];
  return ids
    .map((id): DmPerson => {
      const user = users.find((u) => u.id === id);
      return user ? { id, name: displayName(user, prefs), user } : { id, name: UNKNOWN_PERSON };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
};

/** A DM has no name of its own: "Grace Hopper" for a 1:1 DM, "Ada, Pat, Sam" for a group (me left out). */
export const dmName = (
  dm: Pick<Channel, 'participantIds'>,
  meId: string | undefined,
  users: readonly PublicUser[],
  prefs: NamePrefs = DEFAULT_NAME_PREFS,
): string =>
  dmOthers(dm, meId, users, prefs)
    .map((p) => p.name)
    .join(', ') || UNKNOWN_PERSON;
