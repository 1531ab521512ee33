import { useEffect, useState } from 'react';
import { formatTime } from '../chat/format.js';
import styles from './ClockWidget.module.css';

export const ClockWidget = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.clock}>
      <time className={styles.time} dateTime={now.toISOString()}>
        {formatTime(now.toISOString())}
      </time>
      <span className={styles.date}>
        {now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
      </span>
    </div>
  );
};
