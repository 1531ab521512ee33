// Awarding stars to a member.
import type { PublicUser } from '@teamchat/contracts';
import { Star } from 'lucide-react';
import { useAwardStars } from './use-award-stars.js';
import adminStyles from './admin.module.css';
import sectionStyles from '../section.module.css';
import formStyles from '../../../components/ui/form.module.css';
import buttonStyles from '../../../components/ui/Button.module.css';

export const StarsSection = ({ users }: { users: readonly PublicUser[] }) => {
  const { userId, count, error, chooseUser, changeCount, submit, awarding } = useAwardStars(users);
  return (
    <section className={adminStyles.section} aria-label="Award stars">
      <h3 className={sectionStyles.title}>Award stars</h3>
      <form className={`${formStyles.inline} ${adminStyles.inlineForm}`} onSubmit={submit} noValidate>
        <select
          className={`${formStyles.input} ${formStyles.select}`}
          value={userId}
          onChange={(e) => chooseUser(e.target.value)}
          aria-label="User to award"
        >
          <option value="">Select a user…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </select>
        <input
          className={`${formStyles.input} ${formStyles.narrow}`}
          type="number"
          min={1}
          step={1}
          value={count}
          onChange={(e) => changeCount(e.target.value)}
          aria-label="Number of stars"
        />
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
          disabled={awarding}
        >
          <Star size={14} aria-hidden="true" /> Award Stars
        </button>
      </form>
      {error ? (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
};
