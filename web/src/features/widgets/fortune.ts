// Daily fortune of spec 2 §4: one of 20 messages per calendar day, stored with the day it was revealed.
import { StorageKeys, readLocal, writeLocal } from './storage-keys.js';

export const FORTUNES = [
  'A bold idea you share today will find its champion.',
  'The bug you fear is smaller than it looks.',
  'Your next commit will make someone smile.',
  'A quiet hour of deep focus will pay off twice.',
  'Someone on your team is about to surprise you.',
  'Ship it small, ship it soon, ship it well.',
  'Today, ask the question everyone else is thinking.',
  'An old task will close itself with a single message.',
  'Your calm in the storm will be remembered.',
  'Good coffee and good code are in your near future.',
  'A meeting will end early. Use the time wisely.',
  'The answer is already in the channel history.',
  'Help a teammate today and the favour returns tenfold.',
  'Your inbox will be kinder than you expect.',
  'Simplicity is the shortcut you have been looking for.',
  'A small refactor now saves a long night later.',
  'Celebrate a win today, however small.',
  'The best feedback you get this week will be unexpected.',
  'Tomorrow you will thank yourself for what you write down today.',
  'Fortune favours the well-tested.',
] as const;

export interface FortuneState {
  /** Today's fortune when it has been claimed today, else null. */
  message: string | null;
  claimed: boolean;
}

/** The local calendar day, so the fortune resets at the user's midnight. */
export const dayKey = (now: Date): string => {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
};

export const loadFortune = (now: Date): FortuneState => {
  const date = readLocal(StorageKeys.fortuneDate);
  const message = readLocal(StorageKeys.fortuneMessage);
  if (date === dayKey(now) && message) return { message, claimed: true };
  return { message: null, claimed: false };
};

/** Picks one of the 20 messages and saves it with today's date; `random` is injectable for tests. */
export const revealFortune = (now: Date, random: () => number = Math.random): FortuneState => {
  const index = Math.min(FORTUNES.length - 1, Math.floor(random() * FORTUNES.length));
  const message = FORTUNES[index]!;
  writeLocal(StorageKeys.fortuneDate, dayKey(now));
  writeLocal(StorageKeys.fortuneMessage, message);
  return { message, claimed: true };
};
