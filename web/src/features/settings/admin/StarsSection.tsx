// Awarding stars to a member.
import type { PublicUser } from '@teamchat/contracts';
import { Star } from 'lucide-react';
import { useAwardStars } from './use-award-stars.js';

export const StarsSection = ({ users }: { users: readonly PublicUser[] }) => {
  const { userId, count, error, chooseUser, changeCount, submit, awarding } = useAwardStars(users);
  return (
    <section className="tc-admin-section" aria-label="Award stars">
      <h3 className="tc-settings-section__title">Award stars</h3>
      <form className="tc-inline-form" onSubmit={submit} noValidate>
        <select
          className="input select"
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
          className="input input--narrow"
          type="number"
          min={1}
          step={1}
          value={count}
          onChange={(e) => changeCount(e.target.value)}
          aria-label="Number of stars"
        />
        <button type="submit" className="btn btn--primary btn--md" disabled={awarding}>
          <Star size={14} aria-hidden="true" /> Award Stars
        </button>
      </form>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
};
