import formStyles from '../../../components/ui/form.module.css';
// The handle input, with the rule it breaks under it.
export interface HandleFieldProps {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export const HandleField = ({ value, error, onChange }: HandleFieldProps) => (
  <div className={formStyles.field}>
    <label className={formStyles.label} htmlFor="profile-handle">
      Handle
    </label>
    <input
      id="profile-handle"
      className={formStyles.input}
      value={value}
      maxLength={50}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      placeholder="your_handle"
    />
    {error ? (
      <p className={formStyles.error} role="alert">
        {error}
      </p>
    ) : null}
  </div>
);
