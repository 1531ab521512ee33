// Channels, sections and direct messages of the current workspace.
import { Routes, type Channel, type CreateChannel, type UpdateChannel } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../lib/api-client.js';

export const channelKeys = {
  all: ['/api/channels'] as const,
  /** One channel as the caller may read it (a public one before joining: `joined` false). */
  one: (id: string) => ['/api/channels', id] as const,
  messages: (id: string) => ['/api/channels', id, 'messages'] as const,
  members: (id: string) => ['/api/channels', id, 'members'] as const,
  /** The channel browser's answers, one per search text. */
  browse: (q: string) => ['/api/channels/browse', q] as const,
  browseAll: ['/api/channels/browse'] as const,
  sections: ['/api/channel-sections'] as const,
  dms: ['/api/dm'] as const,
};

export const channelsQuery = () => queryOptions<RouteResult<typeof Routes.listChannels>>({ queryKey: channelKeys.all });
/** The newest page of a channel's messages (the default fetcher GETs the key, so the server's default page size). */
export const channelMessagesQuery = (id: string) =>
  queryOptions<RouteResult<typeof Routes.listMessages>>({ queryKey: channelKeys.messages(id), enabled: id.length > 0 });
export const sectionsQuery = () =>
  queryOptions<RouteResult<typeof Routes.listSections>>({ queryKey: channelKeys.sections });
export const dmsQuery = () => queryOptions<RouteResult<typeof Routes.listDms>>({ queryKey: channelKeys.dms });

export const channelQuery = (id: string) =>
  queryOptions({
    queryKey: channelKeys.one(id),
    queryFn: ({ signal }) => callApi(Routes.getChannel, { params: { channelId: id } }, { signal }),
    enabled: id.length > 0,
  });
export const channelMembersQuery = (id: string) =>
  queryOptions({
    queryKey: channelKeys.members(id),
    queryFn: ({ signal }) => callApi(Routes.listChannelMembers, { params: { channelId: id } }, { signal }),
    enabled: id.length > 0,
  });
export const browseChannelsQuery = (q: string) =>
  queryOptions({
    queryKey: channelKeys.browse(q),
    queryFn: ({ signal }) => callApi(Routes.browseChannels, { query: { q } }, { signal }),
  });

export const createChannel = (body: CreateChannel) => callApi(Routes.createChannel, { body });
/** Moves a channel in the caller's own sidebar: within its section, or into `sectionId`. */
export const reorderChannel = (channelId: string, newOrder: number, sectionId?: string) =>
  callApi(Routes.reorderChannel, { body: { channelId, newOrder, ...(sectionId ? { sectionId } : {}) } });
/** A workspace section (spec 1 §7: name and order 0), or with `personal` one only the caller sees. */
export const createSection = ({ name, personal = false }: { name: string; personal?: boolean }) =>
  callApi(Routes.createSection, { body: personal ? { name, order: 0, personal } : { name, order: 0 } });
export const renameSection = ({ id, name }: { id: string; name: string }) =>
  callApi(Routes.renameSection, { params: { sectionId: id }, body: { name } });
export const deleteSection = (id: string) => callApi(Routes.deleteSection, { params: { sectionId: id } });
/** A DM with these people (the caller left out): one person is a 1:1 DM (`userId2`), several a group DM (`userIds`). */
export const createDm = (userIds: readonly string[]) =>
  callApi(Routes.openDm, { body: userIds.length === 1 ? { userId2: userIds[0] } : { userIds: [...userIds] } });

export const useCreateChannel = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
};

export const useCreateSection = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSection,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.sections });
    },
  });
};

export const useRenameSection = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: renameSection,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.sections });
    },
  });
};

/** Deleting one of the caller's own sections puts its channels back in their default sections: both are asked again. */
export const useDeleteSection = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSection,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: channelKeys.sections }),
        qc.invalidateQueries({ queryKey: channelKeys.all }),
      ]);
    },
  });
};

/** The caller's sidebar changed on another screen of theirs (`sidebar_changed`): sections and channels again. */
export const refreshSidebar = (qc: QueryClient): void => {
  void qc.invalidateQueries({ queryKey: channelKeys.sections });
  void qc.invalidateQueries({ queryKey: channelKeys.all, exact: true });
};

export const useCreateDm = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDm,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.dms });
    },
  });
};

/**
 * Reorders (or moves into `sectionId`) optimistically so a dropped channel does not jump back while the call runs.
 * Only the caller's own sidebar changes.
 */
export const useReorderChannel = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      channelId,
      newOrder,
      sectionId,
    }: {
      channelId: string;
      newOrder: number;
      sectionId?: string;
      optimistic: Channel[];
    }) => reorderChannel(channelId, newOrder, sectionId),
    onMutate: async ({ optimistic }) => {
      await qc.cancelQueries({ queryKey: channelKeys.all });
      const previous = qc.getQueryData<Channel[]>(channelKeys.all);
      qc.setQueryData(channelKeys.all, optimistic);
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(channelKeys.all, ctx.previous);
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
};

// ---- membership and lifecycle ------------------------------------------------------------------------------------

/**
 * Puts a channel as it is now everywhere it is cached: its own query, the sidebar list (where it belongs only while
 * the caller is a member and it is not archived) and the browser's answers. The sidebar keeps its order, and where the
 * caller put the channel: a channel anywhere but `GET /api/channels` carries the workspace's section and order.
 */
export const applyChannel = (qc: QueryClient, channel: Channel): void => {
  qc.setQueryData<Channel>(channelKeys.one(channel.id), channel);
  // a DM (group DMs gain and lose people) lives in the DM list, which is asked again
  if (channel.type !== 'regular') {
    void qc.invalidateQueries({ queryKey: channelKeys.dms });
    return;
  }
  const inSidebar = channel.joined && !channel.archived;
  qc.setQueryData<Channel[]>(channelKeys.all, (list) => {
    if (!list) return list;
    const at = list.findIndex((c) => c.id === channel.id);
    if (at === -1) return inSidebar ? [...list, channel] : list;
    if (!inSidebar) return list.filter((c) => c.id !== channel.id);
    return list.map((c) => (c.id === channel.id ? { ...channel, sectionId: c.sectionId, order: c.order } : c));
  });
  qc.setQueriesData<Channel[]>({ queryKey: channelKeys.browseAll }, (list) =>
    list?.map((c) => (c.id === channel.id ? channel : c)),
  );
};

/**
 * A channel this tab knows the user is not a member of (a public one previewed or listed in the browser): its live
 * messages reach every member of the workspace, but count as unread only for those in it.
 */
export const isKnownNonMember = (qc: QueryClient, channelId: string): boolean => {
  if (qc.getQueryData<Channel[]>(channelKeys.all)?.some((c) => c.id === channelId)) return false;
  const one = qc.getQueryData<Channel>(channelKeys.one(channelId));
  if (one) return !one.joined;
  return qc
    .getQueriesData<Channel[]>({ queryKey: channelKeys.browseAll })
    .some(([, list]) => list?.some((c) => c.id === channelId && !c.joined));
};

/** The caller is no longer a member: out of the sidebar; the browser and its preview ask again. */
export const dropChannel = (qc: QueryClient, channelId: string): void => {
  qc.setQueryData<Channel[]>(channelKeys.all, (list) => list?.filter((c) => c.id !== channelId));
  void qc.invalidateQueries({ queryKey: channelKeys.browseAll });
  void qc.invalidateQueries({ queryKey: channelKeys.one(channelId), exact: true });
  void qc.invalidateQueries({ queryKey: channelKeys.members(channelId) });
};

/** A mutation whose answer is the channel as it is now, applied to every cache that shows it. */
const useChannelChange = <V>(call: (vars: V) => Promise<Channel>, refreshMembers = false) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (channel) => {
      applyChannel(qc, channel);
      if (refreshMembers) await qc.invalidateQueries({ queryKey: channelKeys.members(channel.id) });
    },
  });
};

export const useJoinChannel = () =>
  useChannelChange((channelId: string) => callApi(Routes.joinChannel, { params: { channelId } }), true);
export const useAddChannelMembers = () =>
  useChannelChange(
    ({ channelId, userIds }: { channelId: string; userIds: string[] }) =>
      callApi(Routes.addChannelMembers, { params: { channelId }, body: { userIds } }),
    true,
  );
export const useRemoveChannelMember = () =>
  useChannelChange(
    ({ channelId, userId }: { channelId: string; userId: string }) =>
      callApi(Routes.removeChannelMember, { params: { channelId, userId } }),
    true,
  );
export const useUpdateChannel = () =>
  useChannelChange(({ channelId, ...body }: { channelId: string } & UpdateChannel) =>
    callApi(Routes.updateChannel, { params: { channelId }, body }),
  );
export const useArchiveChannel = () =>
  useChannelChange(({ channelId, archive }: { channelId: string; archive: boolean }) =>
    archive
      ? callApi(Routes.archiveChannel, { params: { channelId } })
      : callApi(Routes.unarchiveChannel, { params: { channelId } }),
  );
export const useConvertChannel = () =>
  useChannelChange((channelId: string) => callApi(Routes.convertChannel, { params: { channelId } }));

export const useLeaveChannel = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) => callApi(Routes.leaveChannel, { params: { channelId } }),
    onSuccess: ({ channelId }) => dropChannel(qc, channelId),
  });
};
