// Spec 2 §2/§9: hovering a user shows avatar, name, @handle, stars and about-me; opens after 700 ms, closes after 300 ms.
// A Message button opens (or starts) the DM with them.
import * as HoverCard from '@radix-ui/react-hover-card';
import type { PublicUser } from '@teamchat/contracts';
import { MessageCircle, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateDm } from '../../api/channels.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { Avatar } from './ui.js';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './UserHoverCard.module.css';

/** The card's Message button: the DM with this person, created the first time. */
const MessageButton = ({ user }: { user: PublicUser }) => {
  const navigate = useNavigate();
  const createDm = useCreateDm();
  const open = async () => {
    try {
      const channel = await createDm.mutateAsync([user.id]);
      void navigate(ROUTES.channel(channel.id));
    } catch {
      notify.error('Failed to create DM channel');
    }
  };
  return (
    <button
      type="button"
      className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm} ${styles.message}`}
      disabled={createDm.isPending}
      onClick={() => void open()}
    >
      <MessageCircle size={14} aria-hidden="true" /> Message
    </button>
  );
};

export const HOVER_OPEN_MS = 700;
export const HOVER_CLOSE_MS = 300;

export const UserHoverCard = ({
  user,
  fallbackName,
  children,
}: {
  user: PublicUser | undefined;
  fallbackName: string;
  children: ReactNode;
}) => {
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : fallbackName;
  return (
    <HoverCard.Root openDelay={HOVER_OPEN_MS} closeDelay={HOVER_CLOSE_MS}>
      <HoverCard.Trigger asChild>{children}</HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content className={styles.card} sideOffset={6} align="start" data-testid="user-hover-card">
          <div className={styles.top}>
            <Avatar name={user?.username ?? fallbackName} src={user?.profileImageUrl} size={48} />
            <div className={styles.names}>
              <span className={styles.name}>{name}</span>
              <span className={styles.handle}>@{user?.handle || user?.username || fallbackName}</span>
            </div>
          </div>
          <div className={styles.stars} aria-label={`${user?.stars ?? 0} stars`}>
            <Star size={14} aria-hidden="true" /> <span data-testid="hover-card-stars">{user?.stars ?? 0}</span>{' '}
            {(user?.stars ?? 0) === 1 ? 'star' : 'stars'}
          </div>
          {user?.aboutMe ? <p className={styles.about}>{user.aboutMe}</p> : null}
          {user ? <MessageButton user={user} /> : null}
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
};
