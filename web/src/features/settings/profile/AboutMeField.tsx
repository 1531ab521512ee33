// "About me" with its character counter.
import { ABOUT_ME_MAX } from './use-about-me-field.js';
import formStyles from '../../../components/ui/form.module.css';

export interface AboutMeFieldProps {
  value: string;
  onChange: (value: string) => void;
}

export const AboutMeField = ({ value, onChange }: AboutMeFieldProps) => (
  <div className={formStyles.field}>
    <label className={formStyles.label} htmlFor="profile-about">
      About me
    </label>
    <textarea
      id="profile-about"
      className={`${formStyles.input} ${formStyles.textarea}`}
      rows={4}
      maxLength={ABOUT_ME_MAX}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder="Tell your team about yourself"
    />
    <span className={formStyles.counter} aria-live="polite">
      {value.length}/{ABOUT_ME_MAX}
    </span>
  </div>
);
