// Display order of sections and channels: by `order`, then by age so equal orders stay stable.
import type { Channel, Section } from '@teamchat/contracts';

const byOrder = <T extends { order: number; createdAt: string; name: string }>(a: T, b: T) =>
  a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name);

export const sortSections = (sections: readonly Section[]): Section[] => [...sections].sort(byOrder);
export const sortChannels = (channels: readonly Channel[]): Channel[] => [...channels].sort(byOrder);

/** DMs are typed `direct` by the server; some clients call them `dm` (spec 1 §3). */
export const isDirect = (channel: Pick<Channel, 'type'>): boolean =>
  (channel.type as string) === 'direct' || (channel.type as string) === 'dm';

/** Regular channels grouped by section id, each group sorted; channels whose section is gone fall under null. */
export const groupChannels = (
  channels: readonly Channel[],
  sections: readonly Section[],
): Map<string | null, Channel[]> => {
  const known = new Set(sections.map((s) => s.id));
  const groups = new Map<string | null, Channel[]>();
  for (const channel of channels) {
    if (isDirect(channel)) continue;
    const key = channel.sectionId && known.has(channel.sectionId) ? channel.sectionId : null;
    groups.set(key, [...(groups.get(key) ?? []), channel]);
  }
  for (const [key, list] of groups) groups.set(key, sortChannels(list));
  return groups;
};

/** The channel list after moving one channel to `newIndex` inside its group, with orders renumbered. */
export const reorderWithin = (
  all: readonly Channel[],
  group: readonly Channel[],
  channelId: string,
  newIndex: number,
): Channel[] => {
  const moving = group.find((c) => c.id === channelId);
  if (!moving) return [...all];
  const rest = group.filter((c) => c.id !== channelId);
  const reordered = [...rest.slice(0, newIndex), moving, ...rest.slice(newIndex)];
  const orders = new Map(reordered.map((c, i) => [c.id, i]));
  return all.map((c) => (orders.has(c.id) ? { ...c, order: orders.get(c.id)! } : c));
};

/**
 * The channel list after moving one channel into another section at `at` (its end unless given; `target`: that
 * section's channels now), as the server will number them: 0..n-1 there.
 */
export const moveToSection = (
  all: readonly Channel[],
  target: readonly Channel[],
  channelId: string,
  sectionId: string,
  at = target.length,
): Channel[] => {
  const rest = target.map((c) => c.id).filter((id) => id !== channelId);
  const index = Math.max(0, Math.min(at, rest.length));
  const ids = [...rest.slice(0, index), channelId, ...rest.slice(index)];
  const orders = new Map(ids.map((id, i) => [id, i]));
  return all.map((c) =>
    orders.has(c.id) ? { ...c, order: orders.get(c.id)!, ...(c.id === channelId ? { sectionId } : {}) } : c,
  );
};

/** The channel the sidebar shows first: unsectioned ones lead, then sections in order. */
export const firstChannel = (channels: readonly Channel[], sections: readonly Section[]): Channel | undefined => {
  const groups = groupChannels(channels, sortSections(sections));
  for (const key of [null, ...sortSections(sections).map((s) => s.id)]) {
    const first = groups.get(key)?.[0];
    if (first) return first;
  }
  return undefined;
};
