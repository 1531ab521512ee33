// Every theme keeps body text readable: WCAG contrast of at least 4.5:1 wherever text sits.
import { readFileSync } from 'node:fs';
import { THEMES } from './themes.js';

const css = readFileSync(new URL('../styles/themes.css', import.meta.url), 'utf8');

const tokens = (theme: string): Record<string, string> => {
  const block = new RegExp(`\\.${theme}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`no block for .${theme}`);
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1]!, m[2]!]));
};

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** `color-mix(in srgb, fg p, bg)` as a hex colour. */
const mix = (fg: string, bg: string, p: number): string =>
  `#${[1, 3, 5]
    .map((i) => Math.round(parseInt(fg.slice(i, i + 2), 16) * p + parseInt(bg.slice(i, i + 2), 16) * (1 - p)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;

describe('theme colours', () => {
  it('computes WCAG contrast (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  describe.each(THEMES)('%s', (theme) => {
    const t = tokens(theme);
    const pairs: [string, string][] = [];
    for (const fg of ['text', 'text-muted'])
      for (const bg of ['bg', 'panel', 'panel-2', 'surface', 'surface-hover']) pairs.push([fg, bg]);
    pairs.push(
      ['primary-text', 'primary'],
      ['accent-text', 'accent'],
      ['primary', 'panel'],
      ['primary', 'bg'],
      ['danger', 'panel'],
      ['danger', 'panel-2'],
      // status words (AWAY) in the team panel
      ['warning', 'panel'],
      ['warning', 'surface'],
      ['success', 'panel'],
    );

    // a mention in a message (markdown.module.css .mention): --primary on a 14 % tint of itself over the page
    it.each(['bg'])('a mention on --%s is at least 4.5:1', (bg) => {
      expect(contrast(t.primary!, mix(t.primary!, t[bg]!, 0.14))).toBeGreaterThanOrEqual(4.5);
    });

    it.each(pairs)('--%s on --%s is at least 4.5:1', (fg, bg) => {
      expect(t[fg]).toBeDefined();
      expect(t[bg]).toBeDefined();
      expect(contrast(t[fg]!, t[bg]!)).toBeGreaterThanOrEqual(4.5);
    });
  });
});
