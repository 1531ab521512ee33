// The tab's icon with a badge (issue 19): red with the count of unread mentions and DMs, a dot for other unread.

const BASE = `<rect width='32' height='32' rx='6' fill='%230a0e1a'/><path d='M8 10h16v10H14l-6 5z' fill='%2300f0ff'/>`;

/** An SVG data URL of the icon, badged with `n` (capped at 9+) or a dot. */
export const badgedFavicon = (badge: number | 'dot' | null): string => {
  const mark =
    badge === null
      ? ''
      : badge === 'dot'
        ? `<circle cx='25' cy='7' r='6' fill='%23ef4444' stroke='%230a0e1a' stroke-width='2'/>`
        : `<circle cx='23' cy='9' r='9' fill='%23ef4444' stroke='%230a0e1a' stroke-width='1.5'/>` +
          `<text x='23' y='13' font-size='12' font-family='Arial,sans-serif' font-weight='700' fill='white' ` +
          `text-anchor='middle'>${badge > 9 ? '9%2B' : badge}</text>`;
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E${BASE}${mark}%3C/svg%3E`
    .replace(/</g, '%3C')
    .replace(/>/g, '%3E');
};

/** Sets the page's icon link (the one index.html declares). */
export const setFaviconBadge = (badge: number | 'dot' | null): void => {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) link.href = badgedFavicon(badge);
};
