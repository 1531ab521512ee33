// Channels, sections and direct messages of the current workspace.
import { Routes, type Channel, type CreateChannel } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type RouteResult } from '../lib/api-client.js';

export const channelKeys = {
  all: ['/api/channels'] as const,
  messages: (id: string) => ['/api/channels', id, 'messages'] as const,
  sections: ['/api/channel-sections'] as const,
  dms: ['/api/dm'] as const,
};

export const channelsQuery = () => queryOptions<RouteResult<typeof Routes.listChannels>>({ queryKey: channelKeys.all });
/**
 * One channel by id (`GET /api/channels/{id}`): a public channel one has not joined (a link, a search result), whose
 * screen shows it as a preview. Under `channelKeys.all`, so what refreshes the sidebar refreshes it too.
 */
export const channelQuery = (id: string, enabled: boolean) =>
  queryOptions<RouteResult<typeof Routes.getChannel>>({ queryKey: [...channelKeys.all, id], enabled, retry: false });
/** The newest page of a channel's messages (the default fetcher GETs the key, so the server's default page size). */
export const channelMessagesQuery = (id: string) =>
  queryOptions<RouteResult<typeof Routes.listMessages>>({ queryKey: channelKeys.messages(id), enabled: id.length > 0 });
export const sectionsQuery = () =>
  queryOptions<RouteResult<typeof Routes.listSections>>({ queryKey: channelKeys.sections });
export const dmsQuery = () => queryOptions<RouteResult<typeof Routes.listDms>>({ queryKey: channelKeys.dms });

export const createChannel = (body: CreateChannel) => callApi(Routes.createChannel, { body });
export const reorderChannel = (channelId: string, newOrder: number) =>
  callApi(Routes.reorderChannel, { body: { channelId, newOrder } });
export const createSection = (name: string) => callApi(Routes.createSection, { body: { name, order: 0 } });
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

export const useDeleteSection = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSection,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: channelKeys.sections });
    },
  });
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

/** Reorders optimistically so a dropped channel does not jump back while the call runs. */
export const useReorderChannel = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, newOrder }: { channelId: string; newOrder: number; optimistic: Channel[] }) =>
      reorderChannel(channelId, newOrder),
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
