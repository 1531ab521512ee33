// Virtual pet rules of spec 2 §4: actions, clamping to 0..100, 1 point per minute decay, mood from the average.
import { StorageKeys, readLocalJson, writeLocal } from './storage-keys.js';

export interface PetStats {
  hunger: number;
  happiness: number;
  energy: number;
  /** Epoch ms up to which decay has been applied. */
  lastUpdate: number;
}

export type PetAction = 'feed' | 'play' | 'rest';
export type PetMood = 'Happy' | 'Okay' | 'Sad' | 'Critical';

export const PET_STAT_MAX = 100;
export const PET_TICK_MS = 60_000;
const INITIAL_STAT = 80;

const clamp = (value: number): number => Math.min(PET_STAT_MAX, Math.max(0, value));

const DELTAS: Record<PetAction, Pick<PetStats, 'hunger' | 'happiness' | 'energy'>> = {
  feed: { hunger: 25, happiness: 0, energy: -5 },
  play: { hunger: -10, happiness: 30, energy: -15 },
  rest: { hunger: 0, happiness: -5, energy: 40 },
};

export const initialPetStats = (now: number): PetStats => ({
  hunger: INITIAL_STAT,
  happiness: INITIAL_STAT,
  energy: INITIAL_STAT,
  lastUpdate: now,
});

export const applyPetAction = (stats: PetStats, action: PetAction): PetStats => {
  const delta = DELTAS[action];
  return {
    hunger: clamp(stats.hunger + delta.hunger),
    happiness: clamp(stats.happiness + delta.happiness),
    energy: clamp(stats.energy + delta.energy),
    lastUpdate: stats.lastUpdate,
  };
};

/**
 * Drops every stat by one per whole minute elapsed since `lastUpdate`. The partial minute is kept (lastUpdate
 * advances by whole minutes only) so frequent reloads cannot dodge decay.
 */
export const decayPet = (stats: PetStats, now: number): PetStats => {
  const minutes = Math.floor((now - stats.lastUpdate) / PET_TICK_MS);
  if (minutes <= 0) return stats;
  return {
    hunger: clamp(stats.hunger - minutes),
    happiness: clamp(stats.happiness - minutes),
    energy: clamp(stats.energy - minutes),
    lastUpdate: stats.lastUpdate + minutes * PET_TICK_MS,
  };
};

export const petMood = (stats: Pick<PetStats, 'hunger' | 'happiness' | 'energy'>): PetMood => {
  const average = (stats.hunger + stats.happiness + stats.energy) / 3;
  if (average > 70) return 'Happy';
  if (average > 40) return 'Okay';
  if (average > 20) return 'Sad';
  return 'Critical';
};

const isStat = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The stored stats with the minutes elapsed since the last visit already applied. */
export const loadPetStats = (now: number): PetStats => {
  const stored = readLocalJson<Partial<PetStats>>(StorageKeys.petStats);
  if (
    !stored ||
    !isStat(stored.hunger) ||
    !isStat(stored.happiness) ||
    !isStat(stored.energy) ||
    !isStat(stored.lastUpdate)
  ) {
    return initialPetStats(now);
  }
  const stats: PetStats = {
    hunger: clamp(stored.hunger),
    happiness: clamp(stored.happiness),
    energy: clamp(stored.energy),
    lastUpdate: Math.min(stored.lastUpdate, now),
  };
  return decayPet(stats, now);
};

export const savePetStats = (stats: PetStats): void => {
  writeLocal(StorageKeys.petStats, JSON.stringify(stats));
};
