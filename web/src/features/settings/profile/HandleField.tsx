// The handle input, with the rule it breaks under it.
export interface HandleFieldProps {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export const HandleField = ({ value, error, onChange }: HandleFieldProps) => (
  <div className="field">
    <label className="field__label" htmlFor="profile-handle">
      Handle
    </label>
    <input
      id="profile-handle"
      className="input"
      value={value}
      maxLength={50}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      placeholder="your_handle"
    />
    {error ? (
      <p className="field__error" role="alert">
        {error}
      </p>
    ) : null}
  </div>
);
