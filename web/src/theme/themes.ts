// The nine selectable themes of spec 1 §4; each name is also the CSS class set on <html>.
export const THEMES = [
  'cyberpunk',
  'dark-red',
  'black-white',
  'light',
  'electric-purple',
  'neon-pink',
  'black-yellow',
  'ocean-blue',
  'sunset-orange',
] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_THEME: Theme = 'cyberpunk';
export const THEME_STORAGE_KEY = 'theme';

export const THEME_LABELS: Record<Theme, string> = {
  cyberpunk: 'Cyberpunk',
  'dark-red': 'Dark Red',
  'black-white': 'Black & White',
  light: 'Light',
  'electric-purple': 'Electric Purple',
  'neon-pink': 'Neon Pink',
  'black-yellow': 'Black & Yellow',
  'ocean-blue': 'Ocean Blue',
  'sunset-orange': 'Sunset Orange',
};

export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);
