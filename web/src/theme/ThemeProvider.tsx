// Current theme: a class on the root element, persisted under local storage key `theme`. Until the user picks one it
// follows the system: the light theme when the system prefers light, the default dark one otherwise.
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query.js';
import { DEFAULT_THEME, isTheme, THEME_STORAGE_KEY, THEMES, type Theme } from './themes.js';

export const PREFERS_LIGHT = '(prefers-color-scheme: light)';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  themes: readonly Theme[];
}

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

/** The theme the user picked, or null when they never did. */
const readStoredTheme = (): Theme | null => {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : null;
  } catch {
    return null;
  }
};

export const ThemeProvider = ({ children }: { children: ReactNode }) => {
  const [chosen, setThemeState] = useState<Theme | null>(readStoredTheme);
  const systemLight = useMediaQuery(PREFERS_LIGHT);
  const theme: Theme = chosen ?? (systemLight ? 'light' : DEFAULT_THEME);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove(...THEMES);
    root.classList.add(theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode or a full quota: the theme still applies for this visit.
    }
  }, []);

  const value = useMemo(() => ({ theme, setTheme, themes: THEMES }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
};

export const useTheme = (): ThemeContextValue => {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within ThemeProvider');
  return ctx;
};
