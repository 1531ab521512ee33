// Unsent composer text, kept per user and channel across channel switches and reloads (local storage).
import { readLocal } from '../widgets/storage-keys.js';

const PREFIX = 'draft:';
const keyOf = (userId: string, channelId: string) => `${PREFIX}${userId}:${channelId}`;

export const readDraft = (userId: string, channelId: string): string => readLocal(keyOf(userId, channelId)) ?? '';

/** Saves the draft, or forgets it once it is empty (sent or cleared). */
export const writeDraft = (userId: string, channelId: string, text: string): void => {
  try {
    if (text.trim()) window.localStorage.setItem(keyOf(userId, channelId), text);
    else window.localStorage.removeItem(keyOf(userId, channelId));
  } catch {
    // storage refused (private mode, quota): the draft lives as long as the screen does
  }
};
