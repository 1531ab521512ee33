// A group's faces: the first two avatars overlapping, as a group DM shows in the sidebar.
import { Avatar } from './Avatar.js';
import styles from './AvatarStack.module.css';

interface StackPerson {
  name: string;
  src?: string | null;
}

export const AvatarStack = ({ people, size = 18 }: { people: readonly StackPerson[]; size?: number }) => {
  const shown = people.slice(0, 2);
  const step = Math.round(size * 0.7);
  return (
    <span
      className={styles.stack}
      style={{ width: size + step * (shown.length - 1), height: size }}
      data-testid="avatar-stack"
      aria-hidden
    >
      {shown.map((p, i) => (
        <Avatar key={`${p.name}-${i}`} name={p.name} src={p.src} size={size} shape="round" className={styles.face} />
      ))}
    </span>
  );
};
