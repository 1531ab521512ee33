import { useEffect, useState } from 'react';
import { formatTime } from '../chat/format.js';

export const ClockWidget = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="tc-clock">
      <time className="tc-clock__time" dateTime={now.toISOString()}>
        {formatTime(now.toISOString())}
      </time>
      <span className="tc-clock__date">
        {now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
      </span>
    </div>
  );
};
