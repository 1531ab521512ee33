import { jest } from '@jest/globals';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, useTheme } from './ThemeProvider.js';
import { THEMES } from './themes.js';

const Picker = () => {
  const { theme, setTheme, themes } = useTheme();
  return (
    <div>
      <span data-testid="current">{theme}</span>
      {themes.map((t) => (
        <button key={t} onClick={() => setTheme(t)}>
          {t}
        </button>
      ))}
    </div>
  );
};

describe(ThemeProvider.name, () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.className = '';
  });

  it('defaults to cyberpunk and puts its class on the root element', () => {
    render(
      <ThemeProvider>
        <Picker />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('current')).toHaveTextContent('cyberpunk');
    expect(document.documentElement).toHaveClass('cyberpunk');
  });

  it('follows a system that prefers light until the user picks a theme', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(prefers-color-scheme: light)',
    })) as typeof window.matchMedia;
    try {
      render(
        <ThemeProvider>
          <Picker />
        </ThemeProvider>,
      );
      expect(screen.getByTestId('current')).toHaveTextContent('light');
      expect(document.documentElement).toHaveClass('light');
      await userEvent.click(screen.getByRole('button', { name: 'ocean-blue' }));
      expect(document.documentElement).toHaveClass('ocean-blue');
      expect(window.localStorage.getItem('theme')).toBe('ocean-blue');
    } finally {
      window.matchMedia = original;
    }
  });

  it('offers the nine themes of the spec', () => {
    expect(THEMES).toEqual([
      'cyberpunk',
      'dark-red',
      'black-white',
      'light',
      'electric-purple',
      'neon-pink',
      'black-yellow',
      'ocean-blue',
      'sunset-orange',
    ]);
  });

  it.each(THEMES)('switching to %s swaps the root class and saves it under "theme"', async (theme) => {
    render(
      <ThemeProvider>
        <Picker />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: theme }));
    expect(document.documentElement).toHaveClass(theme);
    for (const other of THEMES.filter((t) => t !== theme)) expect(document.documentElement).not.toHaveClass(other);
    expect(window.localStorage.getItem('theme')).toBe(theme);
  });

  it('restores the saved theme on load', () => {
    window.localStorage.setItem('theme', 'ocean-blue');
    render(
      <ThemeProvider>
        <Picker />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('current')).toHaveTextContent('ocean-blue');
    expect(document.documentElement).toHaveClass('ocean-blue');
  });

  it('ignores an unknown saved theme and falls back to cyberpunk', () => {
    window.localStorage.setItem('theme', 'vaporwave');
    render(
      <ThemeProvider>
        <Picker />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('cyberpunk');
  });

  it('throws "useTheme must be used within ThemeProvider" outside its provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within ThemeProvider');
    spy.mockRestore();
  });
});
