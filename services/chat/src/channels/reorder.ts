/**
 * The ids of a section's channels after moving `id` to position `newOrder` (clamped to the section), so the
 * channel's order becomes its index: orders stay dense (0..n-1) and unique.
 */
export const moveTo = (ids: readonly string[], id: string, newOrder: number): string[] => {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(Math.trunc(newOrder), rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
};
