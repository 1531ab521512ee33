// The username: shown, never edited (it comes from the account).
export const UsernameField = ({ username }: { username: string }) => (
  <label className="field">
    <span className="field__label">Username</span>
    <input className="input" value={username} readOnly aria-readonly="true" />
    <span className="field__hint">Your username comes from your account and cannot be changed.</span>
  </label>
);
