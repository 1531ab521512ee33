/**
 * How a DM reads to one of its people, who see it under the others' names ("Ada, Pat, Sam" for a group), their own in
 * a note-to-self DM. A DM has no name of its own.
 */
export const dmTitleFor = (
  participantIds: readonly string[] | null,
  me: string,
  nameOf: (userId: string) => string,
): string => {
  const others = (participantIds ?? []).filter((id) => id !== me);
  return (others.length > 0 ? others : [me]).map(nameOf).join(', ');
};
