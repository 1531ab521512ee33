// The list of users matching the @-mention being typed, above the composer; the textarea keeps the focus.
import type { PublicUser } from '@teamchat/contracts';
import { displayName, useNamePrefs } from '../../../lib/display-name.js';
import { Avatar } from '../ui.js';
import styles from './ComposerMentionPicker.module.css';

export interface ComposerMentionPickerProps {
  id: string;
  candidates: readonly PublicUser[];
  highlight: number;
  onPick: (username: string) => void;
  onHighlight: (index: number) => void;
}

export const ComposerMentionPicker = ({
  id,
  candidates,
  highlight,
  onPick,
  onHighlight,
}: ComposerMentionPickerProps) => {
  const prefs = useNamePrefs();
  return (
    <ul className={styles.picker} role="listbox" id={id} aria-label="Mention a user">
      {candidates.map((u, i) => (
        <li
          key={u.id}
          role="option"
          aria-selected={i === highlight}
          className={i === highlight ? styles.isActive : undefined}
          onMouseDown={(e) => {
            // picking must not blur the textarea (a blur closes the picker)
            e.preventDefault();
            onPick(u.username);
          }}
          onMouseEnter={() => onHighlight(i)}
        >
          <Avatar name={u.username} src={u.profileImageUrl} size={20} />
          <span className={styles.name}>{displayName(u, prefs)}</span>
          {/* what the mention inserts */}
          <span className={styles.handle}>@{u.username}</span>
        </li>
      ))}
    </ul>
  );
};
