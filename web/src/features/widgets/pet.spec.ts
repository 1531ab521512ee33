import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { StorageKeys } from './storage-keys.js';
import { applyPetAction, decayPet, loadPetStats, petMood, savePetStats, type PetStats } from './pet.js';

const at = (hunger: number, happiness: number, energy: number, lastUpdate = 0): PetStats => ({
  hunger,
  happiness,
  energy,
  lastUpdate,
});

describe('virtual pet', () => {
  describe('actions', () => {
    it('feed adds 25 hunger and takes 5 energy', () => {
      expect(applyPetAction(at(50, 50, 50), 'feed')).toEqual(at(75, 50, 45));
    });
    it('play adds 30 happiness, takes 10 hunger and 15 energy', () => {
      expect(applyPetAction(at(50, 50, 50), 'play')).toEqual(at(40, 80, 35));
    });
    it('rest adds 40 energy and takes 5 happiness', () => {
      expect(applyPetAction(at(50, 50, 50), 'rest')).toEqual(at(50, 45, 90));
    });
    it('clamps every stat to 0..100', () => {
      expect(applyPetAction(at(90, 80, 3), 'feed')).toEqual(at(100, 80, 0));
      expect(applyPetAction(at(5, 95, 10), 'play')).toEqual(at(0, 100, 0));
      expect(applyPetAction(at(0, 2, 70), 'rest')).toEqual(at(0, 0, 100));
    });
  });

  describe('decay', () => {
    it('drops each stat by 1 per whole minute and keeps the partial minute', () => {
      const decayed = decayPet(at(50, 60, 70, 0), 3 * 60_000 + 30_000);
      expect(decayed).toEqual(at(47, 57, 67, 3 * 60_000));
    });
    it('does nothing before a minute has passed', () => {
      const stats = at(50, 60, 70, 1000);
      expect(decayPet(stats, 1000 + 59_999)).toBe(stats);
    });
    it('never goes below 0', () => {
      expect(decayPet(at(2, 10, 0, 0), 600 * 60_000)).toEqual(at(0, 0, 0, 600 * 60_000));
    });
  });

  describe('mood from the average of the stats', () => {
    it.each([
      [at(100, 100, 100), 'Happy'],
      [at(71, 71, 71), 'Happy'],
      [at(70, 70, 70), 'Okay'],
      [at(41, 41, 41), 'Okay'],
      [at(40, 40, 40), 'Sad'],
      [at(21, 21, 21), 'Sad'],
      [at(20, 20, 20), 'Critical'],
      [at(0, 0, 0), 'Critical'],
      [at(100, 100, 14), 'Happy'],
      [at(100, 100, 10), 'Okay'],
      [at(90, 30, 10), 'Okay'],
      [at(90, 20, 10), 'Sad'],
    ])('%o is %s', (stats, mood) => {
      expect(petMood(stats)).toBe(mood);
    });
  });

  describe('on load', () => {
    beforeEach(() => {
      jest.useFakeTimers();
      localStorage.clear();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('applies the minutes elapsed since the last visit', () => {
      const start = new Date('2025-03-01T10:00:00Z').getTime();
      jest.setSystemTime(start);
      savePetStats(at(80, 60, 40, start));
      jest.setSystemTime(start + 25 * 60_000 + 10_000);
      expect(loadPetStats(Date.now())).toEqual(at(55, 35, 15, start + 25 * 60_000));
    });

    it('starts fresh when nothing or junk is stored', () => {
      localStorage.setItem(StorageKeys.petStats, '{"hunger":"lots"}');
      const stats = loadPetStats(5000);
      expect(stats.lastUpdate).toBe(5000);
      expect(petMood(stats)).toBe('Happy');
    });
  });
});
