// Dragging channels in the sidebar: within a section (reorder) and from one section into another (move). Every
// channel row and every section's list is a droppable that names its section in `data.section`.
import { closestCenter, pointerWithin, type CollisionDetection, type DroppableContainer } from '@dnd-kit/core';

/** The section key of the channels outside any known section (they can be reordered, not moved into). */
export const UNSECTIONED = 'unsectioned';
/** A section's list as a drop target (its end, or the place of an empty section). */
export const listDropId = (sectionKey: string) => `section-list:${sectionKey}`;
export const isListDropId = (id: unknown): boolean => String(id).startsWith('section-list:');

export const sectionOf = (d: { data: { current?: Record<string, unknown> | undefined } } | null | undefined) =>
  d?.data.current?.section as string | undefined;

/**
 * The channel under the pointer; between channels of a list, the closest of that list (the list itself when it is
 * empty); with no pointer (the keyboard) or outside every list, the closest channel.
 */
export const sidebarCollisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  const channel = within.find((c) => !isListDropId(c.id));
  if (channel) return [channel];
  const list = within.find((c) => isListDropId(c.id));
  const rows = (key: string | undefined): DroppableContainer[] =>
    args.droppableContainers.filter((d) => !isListDropId(d.id) && (key === undefined || sectionOf(d) === key));
  if (list) {
    const key = sectionOf(args.droppableContainers.find((d) => d.id === list.id));
    const closest = closestCenter({ ...args, droppableContainers: rows(key) });
    return closest.length > 0 ? closest : [list];
  }
  return closestCenter({ ...args, droppableContainers: rows(undefined) });
};
