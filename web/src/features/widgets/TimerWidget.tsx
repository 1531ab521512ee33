// Spec 2 §2 timer: start/pause toggle and reset to zero; counts seconds; shown hh:mm:ss.
import { Pause, Play, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatHms } from './timer.js';
import widgetPanelStyles from './WidgetPanel.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './TimerWidget.module.css';

export const TimerWidget = () => {
  const [seconds, setSeconds] = useState(0);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <div className={styles.timer}>
      <span className={styles.display} role="timer" aria-label="Elapsed time">
        {formatHms(seconds)}
      </span>
      <div className={widgetPanelStyles.actions}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
          onClick={() => setRunning((r) => !r)}
        >
          {running ? <Pause size={14} aria-hidden="true" /> : <Play size={14} aria-hidden="true" />}
          {running ? 'Pause' : 'Start'}
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm}`}
          onClick={() => {
            setRunning(false);
            setSeconds(0);
          }}
        >
          <RotateCcw size={14} aria-hidden="true" /> Reset
        </button>
      </div>
    </div>
  );
};
