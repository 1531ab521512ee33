// The small "Pinned" line above a pinned message (who pinned it, when known).
import type { Message } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Pin } from 'lucide-react';
import { useMemo } from 'react';
import { authUserQuery } from '../../../api/auth.js';
import { useUsersById } from '../../../api/directory.js';
import styles from './PinnedMarker.module.css';

export const PinnedMarker = ({ message }: { message: Pick<Message, 'pinnedAt' | 'pinnedBy'> }) => {
  const me = useQuery({ ...authUserQuery(), enabled: !!message.pinnedAt }).data?.id;
  const pinner = message.pinnedAt && message.pinnedBy ? message.pinnedBy : null;
  const users = useUsersById(useMemo(() => (pinner ? [pinner] : []), [pinner]));
  if (!message.pinnedAt) return null;
  const by = message.pinnedBy === me ? 'you' : pinner ? users.get(pinner)?.username : undefined;
  return (
    <div className={styles.marker} data-testid="pinned-marker">
      <Pin size={12} aria-hidden="true" />
      <span>{by ? `Pinned by ${by}` : 'Pinned'}</span>
    </div>
  );
};
