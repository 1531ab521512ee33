// Widget manager rules of spec 2 §2/§3: six default widgets, enable/disable, move up/down, order = position.
import { StorageKeys, readLocalJson, writeLocal } from './storage-keys.js';

export const WIDGET_TYPES = ['team', 'clock', 'timer', 'fortune', 'notepad', 'pet'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export interface WidgetConfigItem {
  id: string;
  name: string;
  type: WidgetType;
  enabled: boolean;
  order: number;
}

export const WIDGET_NAMES: Record<WidgetType, string> = {
  team: 'Team Status',
  clock: 'Clock',
  timer: 'Timer',
  fortune: 'Daily Fortune',
  notepad: 'Notepad',
  pet: 'Virtual Pet',
};

export const defaultWidgetConfig = (): WidgetConfigItem[] =>
  WIDGET_TYPES.map((type, order) => ({ id: type, name: WIDGET_NAMES[type], type, enabled: true, order }));

const renumber = (items: WidgetConfigItem[]): WidgetConfigItem[] => items.map((item, order) => ({ ...item, order }));

export const sortWidgets = (items: readonly WidgetConfigItem[]): WidgetConfigItem[] =>
  [...items].sort((a, b) => a.order - b.order);

export const canMoveUp = (items: readonly WidgetConfigItem[], id: string): boolean =>
  sortWidgets(items).findIndex((w) => w.id === id) > 0;

export const canMoveDown = (items: readonly WidgetConfigItem[], id: string): boolean => {
  const sorted = sortWidgets(items);
  const index = sorted.findIndex((w) => w.id === id);
  return index >= 0 && index < sorted.length - 1;
};

/** Swaps the widget with its neighbour; the first cannot go up, the last cannot go down. */
export const moveWidget = (
  items: readonly WidgetConfigItem[],
  id: string,
  direction: 'up' | 'down',
): WidgetConfigItem[] => {
  const sorted = sortWidgets(items);
  const index = sorted.findIndex((w) => w.id === id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= sorted.length) return renumber(sorted);
  [sorted[index], sorted[target]] = [sorted[target]!, sorted[index]!];
  return renumber(sorted);
};

export const toggleWidget = (items: readonly WidgetConfigItem[], id: string, enabled: boolean): WidgetConfigItem[] =>
  items.map((w) => (w.id === id ? { ...w, enabled } : w));

/**
 * The saved config, tolerant of old or hand-edited storage: unknown widgets are dropped, missing ones are appended
 * enabled, and orders are made dense again.
 */
export const loadWidgetConfig = (): WidgetConfigItem[] => {
  const stored = readLocalJson<unknown>(StorageKeys.widgetConfig);
  if (!Array.isArray(stored)) return defaultWidgetConfig();
  const known = new Map<WidgetType, WidgetConfigItem>();
  for (const raw of stored as Partial<WidgetConfigItem>[]) {
    const type = raw?.type;
    if (!type || !(WIDGET_TYPES as readonly string[]).includes(type) || known.has(type)) continue;
    known.set(type, {
      id: type,
      name: WIDGET_NAMES[type],
      type,
      enabled: raw.enabled !== false,
      order: typeof raw.order === 'number' ? raw.order : Number.MAX_SAFE_INTEGER,
    });
  }
  const items = sortWidgets([...known.values()]);
  for (const item of defaultWidgetConfig()) if (!known.has(item.type)) items.push(item);
  return renumber(items);
};

export const saveWidgetConfig = (items: readonly WidgetConfigItem[]): void => {
  writeLocal(StorageKeys.widgetConfig, JSON.stringify(sortWidgets(items)));
};
