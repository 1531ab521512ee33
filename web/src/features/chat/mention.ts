// Mention picker rules of spec 2 §4: when it opens, what it lists, what picking inserts.

export interface ActiveMention {
  /** Index of the '@' in the text. */
  start: number;
  /** What was typed after the '@' up to the caret. */
  query: string;
}

/**
 * The mention being typed at the caret: an '@' at the start or after a space or newline, with no whitespace between
 * it and the caret. Null when the picker should be closed (including right after a space).
 */
export const activeMention = (text: string, caret: number): ActiveMention | null => {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return null;
  if (at > 0 && !/[ \n]/.test(before[at - 1]!)) return null;
  return { start: at, query };
};

/** Users whose username (or handle) starts with the query first, then those that contain it. */
export const mentionCandidates = <U extends { username: string; handle?: string | null }>(
  users: readonly U[],
  query: string,
  limit = 8,
): U[] => {
  const q = query.toLowerCase();
  const starts: U[] = [];
  const contains: U[] = [];
  for (const user of users) {
    const names = [user.username, user.handle ?? ''].map((n) => n.toLowerCase());
    if (names.some((n) => n.startsWith(q))) starts.push(user);
    else if (names.some((n) => n.includes(q))) contains.push(user);
  }
  const byName = (a: U, b: U) => a.username.localeCompare(b.username);
  return [...starts.sort(byName), ...contains.sort(byName)].slice(0, limit);
};

/** Replaces the typed '@query' with '@username ' and returns the new text and caret. */
export const insertMention = (
  text: string,
  mention: ActiveMention,
  username: string,
): { text: string; caret: number } => {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${username} `;
  return { text: text.slice(0, mention.start) + inserted + text.slice(end), caret: mention.start + inserted.length };
};

/** Moves the highlighted row with the arrow keys, wrapping at both ends. */
export const moveHighlight = (index: number, count: number, key: 'ArrowUp' | 'ArrowDown'): number => {
  if (count === 0) return 0;
  return key === 'ArrowDown' ? (index + 1) % count : (index - 1 + count) % count;
};

/**
 * A mention in message text (markdown.tsx highlights it): an '@' followed by words (usernames may hold
 * dots, as in ada.lovelace, but a trailing full stop ends the sentence, not the name).
 */
export const MENTION_PATTERN = /(^|[^\w@])(@[\w-]+(?:\.[\w-]+)*)/g;
