import formStyles from '../../../components/ui/form.module.css';
// The username: shown, never edited (it comes from the account).
export const UsernameField = ({ username }: { username: string }) => (
  <label className={formStyles.field}>
    <span className={formStyles.label}>Username</span>
    <input className={formStyles.input} value={username} readOnly aria-readonly="true" />
    <span className={formStyles.hint}>Your username comes from your account and cannot be changed.</span>
  </label>
);
