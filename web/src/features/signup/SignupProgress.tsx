import { Check } from 'lucide-react';
import { SIGNUP_STEPS, stepIndex, type SignupStep } from './signup-steps.js';

export const SignupProgress = ({ step }: { step: SignupStep }) => {
  const current = stepIndex(step);
  const percent = ((current + 1) / SIGNUP_STEPS.length) * 100;
  return (
    <div className="signup-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label="Signup progress"
        aria-valuemin={1}
        aria-valuemax={SIGNUP_STEPS.length}
        aria-valuenow={current + 1}
        aria-valuetext={`Step ${current + 1} of ${SIGNUP_STEPS.length}: ${SIGNUP_STEPS[current]!.label}`}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <ol className="signup-progress__steps">
        {SIGNUP_STEPS.map((s, i) => (
          <li
            key={s.id}
            className={['signup-progress__step', i < current ? 'is-done' : '', i === current ? 'is-current' : '']
              .filter(Boolean)
              .join(' ')}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="signup-progress__dot" aria-hidden>
              {i < current ? <Check size={12} /> : i + 1}
            </span>
            <span className="signup-progress__label">{s.label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
};
