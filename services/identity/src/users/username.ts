// Read-only usernames derived from the person's name: `ada.lovelace`, then `ada.lovelace2`, `ada.lovelace3`…

export const USERNAME_MAX = 40;

const slug = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** The preferred username: `first.last` in plain ASCII, else the email's local part, else `user`. */
export const usernameBase = (firstName: string, lastName: string, email: string): string => {
  const parts = [slug(firstName), slug(lastName)].filter(Boolean);
  const fromName = parts.join('.');
  const fromEmail = slug(email.split('@')[0] ?? '');
  // room is kept for a numeric suffix so the result always fits the column
  return (fromName || fromEmail || 'user').slice(0, USERNAME_MAX - 6).replace(/\.$/, '');
};

/** `base` when free, otherwise `base` followed by the smallest number ≥ 2 that nobody has. */
export const nextFreeUsername = (base: string, taken: Iterable<string>): string => {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
};

const escapeRegex = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Postgres regex matching `base` and `base<digits>`: the usernames that compete with this base. */
export const usernameFamilyPattern = (base: string): string => `^${escapeRegex(base)}[0-9]*$`;
