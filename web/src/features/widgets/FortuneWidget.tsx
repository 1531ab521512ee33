// Spec 2 §4 daily fortune: reveal once a day; then RETURN TOMORROW and a CLAIMED badge until the next day.
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dayKey, loadFortune, revealFortune } from './fortune.js';
import badgeStyles from '../../components/ui/badge.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './FortuneWidget.module.css';

export const FORTUNE_TEXTS = { reveal: 'REVEAL FORTUNE', claimedButton: 'RETURN TOMORROW', badge: 'CLAIMED' } as const;

export const FortuneWidget = () => {
  const [state, setState] = useState(() => loadFortune(new Date()));

  // Crossing midnight with the page open resets the fortune.
  useEffect(() => {
    let day = dayKey(new Date());
    const timer = setInterval(() => {
      const today = dayKey(new Date());
      if (today !== day) {
        day = today;
        setState(loadFortune(new Date()));
      }
    }, 30_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className={styles.fortune}>
      {state.claimed ? (
        <span className={`${badgeStyles.label} ${badgeStyles.labelAccent}`} data-testid="fortune-claimed">
          {FORTUNE_TEXTS.badge}
        </span>
      ) : null}
      {state.message ? (
        <p className={styles.message}>“{state.message}”</p>
      ) : (
        <p className={styles.hint}>Your fortune for today is waiting.</p>
      )}
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
        disabled={state.claimed}
        onClick={() => setState(revealFortune(new Date()))}
      >
        <Sparkles size={14} aria-hidden="true" /> {state.claimed ? FORTUNE_TEXTS.claimedButton : FORTUNE_TEXTS.reveal}
      </button>
    </div>
  );
};
