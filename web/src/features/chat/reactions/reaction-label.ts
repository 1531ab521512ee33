// How a reaction shows: a Unicode emoji as itself, a :short_code: as its emoji, a custom reaction as its picture.
import type { CustomReaction } from '@teamchat/contracts';
import { nameToEmoji } from 'gemoji';
import { DEFAULT_NAME_PREFS, displayName, type NamedUser, type NamePrefs } from '../../../lib/display-name.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORTCODE = /^:([a-z0-9_+-]+):$/;

export type ReactionLook =
  | { kind: 'emoji'; emoji: string; name: string }
  | { kind: 'custom'; imageUrl: string; name: string }
  | { kind: 'unknown'; name: string };

/** What a reaction id stands for, given the workspace's custom reactions. */
export const reactionLook = (reactionId: string, customs: readonly CustomReaction[] | undefined): ReactionLook => {
  if (UUID.test(reactionId)) {
    const custom = customs?.find((c) => c.id === reactionId.toLowerCase());
    return custom
      ? { kind: 'custom', imageUrl: custom.imageUrl, name: `:${custom.name}:` }
      : { kind: 'unknown', name: 'a custom reaction' };
  }
  const code = SHORTCODE.exec(reactionId)?.[1];
  if (code)
    return nameToEmoji[code]
      ? { kind: 'emoji', emoji: nameToEmoji[code], name: reactionId }
      : { kind: 'unknown', name: reactionId };
  return { kind: 'emoji', emoji: reactionId, name: reactionId };
};

/** "You", "Ada and You", "Ada, Grace and You"; past eight names, "and N others". */
export const reactorNames = (
  userIds: readonly string[],
  usersById: ReadonlyMap<string, NamedUser>,
  me: string | undefined,
  prefs: NamePrefs = DEFAULT_NAME_PREFS,
): string => {
  const names = userIds.map((id) => (id === me ? 'You' : displayName(usersById.get(id), prefs)));
  const shown = names.length > 9 ? [...names.slice(0, 8), `${names.length - 8} others`] : names;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
};

/** The tooltip of a chip: who reacted, and with what. */
export const reactorsText = (names: string, look: ReactionLook): string => `${names} reacted with ${look.name}`;
