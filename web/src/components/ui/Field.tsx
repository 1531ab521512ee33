// A labelled form control with its validation message, wired for screen readers.
import * as Label from '@radix-ui/react-label';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import formStyles from './form.module.css';

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
  /** A fixed adornment shown inside the control's left edge (e.g. "@"). */
  prefix?: ReactNode;
}

export const Field = ({ label, error, hint, children, className, prefix }: FieldProps) => {
  const id = useId();
  const controlId = (children.props['id'] as string | undefined) ?? `${id}-control`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;
  return (
    <div className={[formStyles.field, error ? formStyles.invalid : '', className ?? ''].filter(Boolean).join(' ')}>
      <Label.Root className={formStyles.label} htmlFor={controlId}>
        {label}
      </Label.Root>
      {prefix ? (
        <div className={formStyles.affix}>
          <span className={formStyles.affixPrefix} aria-hidden>
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {hint && !error ? (
        <p className={formStyles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={formStyles.error} id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
};
