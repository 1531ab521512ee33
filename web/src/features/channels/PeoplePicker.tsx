// Several teammates picked from the workspace's roster (the create dialog's people, the members panel's additions).
import type { PublicUser } from '@teamchat/contracts';
import { Command } from 'cmdk';
import { Check, X } from 'lucide-react';
import { Avatar } from '../../components/Avatar.js';
import commandStyles from '../../components/ui/command.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './channels.module.css';

const fullName = (u: PublicUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

export const PeoplePicker = ({
  users,
  picked,
  onChange,
  label = 'People to add',
}: {
  /** Who may be picked (the caller and present members already left out). */
  users: readonly PublicUser[];
  picked: readonly string[];
  onChange: (ids: string[]) => void;
  label?: string;
}) => {
  const chosen = new Set(picked);
  const toggle = (id: string) => onChange(chosen.has(id) ? picked.filter((p) => p !== id) : [...picked, id]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return (
    <div className={styles.picker}>
      {picked.length > 0 ? (
        <ul className={styles.chips} aria-label="Picked people">
          {picked.map((id) => (
            <li key={id} className={styles.chip}>
              {byId.get(id)?.username ?? 'Unknown'}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove ${byId.get(id)?.username ?? 'Unknown'}`}
                onClick={() => toggle(id)}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Command className={commandStyles.command} label={label} loop>
        <Command.Input className={formStyles.input} placeholder="Search people..." aria-label={label} />
        <Command.List className={`${commandStyles.list} ${styles.pickerList}`}>
          <Command.Empty className={commandStyles.empty}>No users found</Command.Empty>
          {users.map((u) => {
            const isPicked = chosen.has(u.id);
            return (
              <Command.Item
                key={u.id}
                value={`${u.username} ${fullName(u)} ${u.handle ?? ''} ${u.id}`}
                onSelect={() => toggle(u.id)}
                className={[commandStyles.item, isPicked ? commandStyles.isPicked : ''].filter(Boolean).join(' ')}
                aria-checked={isPicked}
                data-testid="people-option"
              >
                <Avatar name={u.username} src={u.profileImageUrl} size={24} shape="round" />
                <span className={commandStyles.itemText}>
                  <span className={commandStyles.itemTitle}>{u.username}</span>
                  {fullName(u) ? <span className={commandStyles.itemSub}>{fullName(u)}</span> : null}
                </span>
                {isPicked ? <Check size={16} className={commandStyles.check} aria-label="Selected" /> : null}
              </Command.Item>
            );
          })}
        </Command.List>
      </Command>
    </div>
  );
};
