// The sidebar's order as a flat list (what Alt+↑/↓ walk and the quick switcher offers), and the tab title.
import type { Channel, PublicUser, Section } from '@teamchat/contracts';
import type { NamePrefs } from '../../lib/display-name.js';
import { dmPartnerName } from '../layout/Sidebar.js';

export interface NavEntry {
  id: string;
  kind: 'channel' | 'dm';
  /** `general` for a channel, the partner's display name for a DM. */
  label: string;
  unread: number;
  /** A private channel (listed with the Lock). */
  private?: boolean;
}

/** Private messages first, then unsectioned channels, then each section's channels: the sidebar's order. */
export const sidebarOrder = ({
  dms,
  sections,
  groups,
  meId,
  users,
  unread,
  prefs,
}: {
  dms: readonly Channel[];
  sections: readonly Section[];
  groups: ReadonlyMap<string | null, Channel[]>;
  meId: string;
  users: readonly PublicUser[];
  unread: ReadonlyMap<string, number>;
  prefs?: NamePrefs;
}): NavEntry[] => [
  ...dms.map((dm) => ({
    id: dm.id,
    kind: 'dm' as const,
    label: dmPartnerName(dm, meId, users, prefs).name,
    unread: unread.get(dm.id) ?? 0,
  })),
  ...[null, ...sections.map((s) => s.id)].flatMap((key) =>
    (groups.get(key) ?? []).map((c) => ({
      id: c.id,
      kind: 'channel' as const,
      label: c.name,
      unread: unread.get(c.id) ?? 0,
      ...(c.visibility === 'private' ? { private: true } : {}),
    })),
  ),
];

/**
 * The entry `step` places away from `currentId` in `order` (wrapping around), among unread ones only when asked.
 * From no open channel, the first (or last) candidate.
 */
export const stepEntry = (
  order: readonly NavEntry[],
  currentId: string | undefined,
  step: 1 | -1,
  onlyUnread = false,
): NavEntry | undefined => {
  if (order.length === 0) return undefined;
  const at = order.findIndex((e) => e.id === currentId);
  for (let i = 1; i <= order.length; i++) {
    const index =
      at === -1 ? (step === 1 ? i - 1 : order.length - i) : (at + step * i + order.length * i) % order.length;
    const entry = order[index]!;
    if (entry.id === currentId) continue;
    if (!onlyUnread || entry.unread > 0) return entry;
  }
  return undefined;
};

export const APP_TITLE = 'TeamChat';

/**
 * The tab title: `(n)` for unread direct messages (someone wrote to you), a dot for unread channel messages only, the
 * bare name when everything is read.
 */
export const tabTitle = (order: readonly NavEntry[], base = APP_TITLE, mentions = 0): string => {
  const badge = tabBadge(order, mentions);
  if (badge === null) return base;
  return badge === 'dot' ? `• ${base}` : `(${badge}) ${base}`;
};

/**
 * What the tab shows of the unread: how many need the user (unread direct messages and unread mentions), a dot for
 * any other unread, or nothing.
 */
export const tabBadge = (order: readonly NavEntry[], mentions = 0): number | 'dot' | null => {
  const personal = order.filter((e) => e.kind === 'dm').reduce((sum, e) => sum + e.unread, mentions);
  if (personal > 0) return personal;
  return order.some((e) => e.unread > 0) ? 'dot' : null;
};
