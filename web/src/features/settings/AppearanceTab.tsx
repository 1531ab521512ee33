// Appearance: theme (spec 1 §4) and panel density (spec 2 §4).
import { Check } from 'lucide-react';
import { THEME_LABELS } from '../../theme/themes.js';
import { useTheme } from '../../theme/ThemeProvider.js';
import { setPanelSize, usePanelSize, type PanelSize } from '../widgets/panel-size.js';
import sectionStyles from './section.module.css';
import styles from './AppearanceTab.module.css';

const SIZES: { value: PanelSize; label: string; hint: string }[] = [
  { value: 'full', label: 'Full', hint: 'Roomy spacing' },
  { value: 'compact', label: 'Compact', hint: 'Tighter spacing' },
];

export const AppearanceTab = () => {
  const { theme, setTheme, themes } = useTheme();
  const size = usePanelSize();
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
    </div>
  );
};
