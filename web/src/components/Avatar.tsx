import styles from './Avatar.module.css';
// A picture when there is one, otherwise initials on a tinted tile.
interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  shape?: 'square' | 'round';
  className?: string;
}

const initials = (name: string) =>
  name
    .split(/[\s_-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

export const Avatar = ({ name, src, size = 32, shape = 'square', className }: AvatarProps) => (
  <span
    className={[styles.avatar, styles[shape], className ?? ''].filter(Boolean).join(' ')}
    style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) }}
    aria-hidden
  >
    {src ? <img src={src} alt="" /> : initials(name)}
  </span>
);
