// The status picker of the profile form.
import type { CurrentUser } from '@teamchat/contracts';
import { useId } from 'react';
import { PICKER_STATUSES, STATUS_LABELS } from '../../chat/status.js';
import { useStatusField } from './use-status-field.js';
import formStyles from '../../../components/ui/form.module.css';

export const StatusField = ({ user }: { user: CurrentUser }) => {
  const { status, choose } = useStatusField(user);
  const hintId = useId();
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor="profile-status">
        Status
      </label>
      <select
        id="profile-status"
        className={`${formStyles.input} ${formStyles.select}`}
        value={status}
        aria-describedby={hintId}
        onChange={(e) => choose(e.target.value)}
      >
        {PICKER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <span id={hintId} className={formStyles.hint}>
        Your status and profile image change as soon as you pick them.
      </span>
    </div>
  );
};
