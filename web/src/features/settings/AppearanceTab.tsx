// Appearance: theme (spec 1 §4), panel density (spec 2 §4) and how people are named (lib/display-name.ts).
import * as Switch from '@radix-ui/react-switch';
import { Check } from 'lucide-react';
import { THEME_LABELS } from '../../theme/themes.js';
import { useTheme } from '../../theme/ThemeProvider.js';
import { setDisplayFullNames, useNamePrefs } from '../../lib/display-name.js';
import { setPanelSize, usePanelSize, type PanelSize } from '../widgets/panel-size.js';
import switchStyles from '../../components/ui/switch.module.css';
import sectionStyles from './section.module.css';
import styles from './AppearanceTab.module.css';

const SIZES: { value: PanelSize; label: string; hint: string }[] = [
  { value: 'full', label: 'Full', hint: 'Roomy spacing' },
  { value: 'compact', label: 'Compact', hint: 'Tighter spacing' },
];

export const AppearanceTab = () => {
  const { theme, setTheme, themes } = useTheme();
  const size = usePanelSize();
  const { fullNames } = useNamePrefs();
  return (
    <div className={sectionStyles.section}>
      <h3 className={sectionStyles.title}>Theme</h3>
      <div className={styles.themeGrid} role="radiogroup" aria-label="Theme">
        {themes.map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={t === theme}
            className={[styles.themeOption, t === theme ? styles.isActive : ''].filter(Boolean).join(' ')}
            onClick={() => setTheme(t)}
          >
            <span className={`${styles.swatch} ${t}`} aria-hidden="true">
              <span />
              <span />
            </span>
            <span>{THEME_LABELS[t]}</span>
            {t === theme ? <Check size={14} aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
      <h3 className={sectionStyles.title}>Panel size</h3>
      <div className={styles.segmented} role="radiogroup" aria-label="Panel size">
        {SIZES.map((s) => (
          <button
            key={s.value}
            type="button"
            role="radio"
            aria-checked={size === s.value}
            className={[styles.option, size === s.value ? styles.isActive : ''].filter(Boolean).join(' ')}
            onClick={() => setPanelSize(s.value)}
          >
            <strong>{s.label}</strong>
            <span>{s.hint}</span>
          </button>
        ))}
      </div>
      <h3 className={sectionStyles.title}>Names</h3>
      <div className={styles.toggleRow}>
        <Switch.Root
          id="display-full-names"
          className={switchStyles.switch}
          checked={fullNames}
          onCheckedChange={setDisplayFullNames}
          aria-describedby="display-full-names-hint"
        >
          <Switch.Thumb className={switchStyles.thumb} />
        </Switch.Root>
        <label htmlFor="display-full-names">
          <strong>Display full names</strong>
          <span id="display-full-names-hint">
            People’s names (or the handle they chose) instead of their usernames, which stay beside them.
          </span>
        </label>
      </div>
    </div>
  );
};
