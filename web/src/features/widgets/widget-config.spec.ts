import { beforeEach, describe, expect, it } from '@jest/globals';
import { StorageKeys } from './storage-keys.js';
import {
  canMoveDown,
  canMoveUp,
  defaultWidgetConfig,
  loadWidgetConfig,
  moveWidget,
  saveWidgetConfig,
  toggleWidget,
} from './widget-config.js';

const order = (items: { type: string; order: number }[]): string[] =>
  [...items].sort((a, b) => a.order - b.order).map((w) => w.type);

describe('widget config', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to team, clock, timer, fortune, notepad, pet, all enabled, ordered 0 to 5', () => {
    const items = defaultWidgetConfig();
    expect(items.map((w) => [w.type, w.enabled, w.order])).toEqual([
      ['team', true, 0],
      ['clock', true, 1],
      ['timer', true, 2],
      ['fortune', true, 3],
      ['notepad', true, 4],
      ['pet', true, 5],
    ]);
  });

  it('moves a widget up and reassigns orders by position', () => {
    const moved = moveWidget(defaultWidgetConfig(), 'timer', 'up');
    expect(order(moved)).toEqual(['team', 'timer', 'clock', 'fortune', 'notepad', 'pet']);
    expect(moved.map((w) => w.order)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('moves a widget down', () => {
    expect(order(moveWidget(defaultWidgetConfig(), 'team', 'down'))).toEqual([
      'clock',
      'team',
      'timer',
      'fortune',
      'notepad',
      'pet',
    ]);
  });

  it('cannot move the first up nor the last down', () => {
    const items = defaultWidgetConfig();
    expect(canMoveUp(items, 'team')).toBe(false);
    expect(canMoveDown(items, 'team')).toBe(true);
    expect(canMoveDown(items, 'pet')).toBe(false);
    expect(canMoveUp(items, 'pet')).toBe(true);
    expect(order(moveWidget(items, 'team', 'up'))).toEqual(order(items));
    expect(order(moveWidget(items, 'pet', 'down'))).toEqual(order(items));
  });

  it('disables and re-enables a widget without moving it', () => {
    const off = toggleWidget(defaultWidgetConfig(), 'clock', false);
    expect(off.find((w) => w.type === 'clock')).toMatchObject({ enabled: false, order: 1 });
    expect(toggleWidget(off, 'clock', true).find((w) => w.type === 'clock')?.enabled).toBe(true);
  });

  it('saves the order locally and loads it back', () => {
    saveWidgetConfig(toggleWidget(moveWidget(defaultWidgetConfig(), 'pet', 'up'), 'team', false));
    const loaded = loadWidgetConfig();
    expect(order(loaded)).toEqual(['team', 'clock', 'timer', 'fortune', 'pet', 'notepad']);
    expect(loaded.find((w) => w.type === 'team')?.enabled).toBe(false);
  });

  it('repairs a stored config with unknown or missing widgets', () => {
    localStorage.setItem(
      StorageKeys.widgetConfig,
      JSON.stringify([
        { type: 'pet', enabled: true, order: 7 },
        { type: 'weather', enabled: true, order: 0 },
        { type: 'clock', enabled: false, order: 3 },
      ]),
    );
    const loaded = loadWidgetConfig();
    expect(order(loaded)).toEqual(['clock', 'pet', 'team', 'timer', 'fortune', 'notepad']);
    expect(loaded.map((w) => w.order)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
