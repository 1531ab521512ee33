// Spec 2 §4 virtual pet: feed, play, rest; stats decay 1 per minute (also for the time the page was closed).
import { Apple, Gamepad2, Moon } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  PET_TICK_MS,
  applyPetAction,
  decayPet,
  loadPetStats,
  petMood,
  savePetStats,
  type PetAction,
  type PetMood,
} from './pet.js';
import widgetPanelStyles from './WidgetPanel.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './PetWidget.module.css';

const FACES: Record<PetMood, string> = { Happy: '(^‿^)', Okay: '(•‿•)', Sad: '(•︵•)', Critical: '(×﹏×)' };

const Stat = ({ label, value }: { label: string; value: number }) => (
  <div className={styles.stat}>
    <span className={styles.statLabel}>{label}</span>
    <span
      className={styles.meter}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <span
        className={styles.meterFill}
        style={{ width: `${value}%` }}
        data-level={value > 60 ? 'high' : value > 30 ? 'mid' : 'low'}
      />
    </span>
    <span className={styles.statValue}>{value}</span>
  </div>
);

export const PetWidget = () => {
  const [stats, setStats] = useState(() => loadPetStats(Date.now()));

  useEffect(() => savePetStats(stats), [stats]);

  useEffect(() => {
    const timer = setInterval(() => setStats((s) => decayPet(s, Date.now())), PET_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const act = (action: PetAction) => setStats((s) => applyPetAction(decayPet(s, Date.now()), action));
  const mood = petMood(stats);

  return (
    <div className={styles.pet}>
      <div className={styles.face} aria-hidden="true">
        {FACES[mood]}
      </div>
      <div className={styles.mood}>
        Mood: <strong data-testid="pet-mood">{mood}</strong>
      </div>
      <Stat label="Hunger" value={stats.hunger} />
      <Stat label="Happiness" value={stats.happiness} />
      <Stat label="Energy" value={stats.energy} />
      <div className={`${widgetPanelStyles.actions} ${styles.actions}`}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
          onClick={() => act('feed')}
        >
          <Apple size={14} aria-hidden="true" /> Feed
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
          onClick={() => act('play')}
        >
          <Gamepad2 size={14} aria-hidden="true" /> Play
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
          onClick={() => act('rest')}
        >
          <Moon size={14} aria-hidden="true" /> Rest
        </button>
      </div>
    </div>
  );
};
