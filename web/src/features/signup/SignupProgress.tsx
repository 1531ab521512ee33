import { Check } from 'lucide-react';
import { SIGNUP_STEPS, stepIndex, type SignupStep } from './signup-steps.js';
import styles from './SignupProgress.module.css';

export const SignupProgress = ({ step }: { step: SignupStep }) => {
  const current = stepIndex(step);
  const percent = ((current + 1) / SIGNUP_STEPS.length) * 100;
  return (
    <div className={styles.progress}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Signup progress"
        aria-valuemin={1}
        aria-valuemax={SIGNUP_STEPS.length}
        aria-valuenow={current + 1}
        aria-valuetext={`Step ${current + 1} of ${SIGNUP_STEPS.length}: ${SIGNUP_STEPS[current]!.label}`}
      >
        <div className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <ol className={styles.steps}>
        {SIGNUP_STEPS.map((s, i) => (
          <li
            key={s.id}
            className={[styles.step, i < current ? styles.isDone : '', i === current ? styles.isCurrent : '']
              .filter(Boolean)
              .join(' ')}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden>
              {i < current ? <Check size={12} /> : i + 1}
            </span>
            <span className={styles.label}>{s.label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
};
