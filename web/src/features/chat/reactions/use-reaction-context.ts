// What every reaction bar needs, from queries the app already holds: who is signed in, the workspace's users (names)
// and its custom reactions (pictures).
import type { PublicUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { authUserQuery } from '../../../api/auth.js';
import { usersQuery } from '../../../api/users.js';
import { customReactionsQuery } from '../../settings/api.js';

export const useReactionContext = ({ customs = true }: { customs?: boolean } = {}) => {
  const me = useQuery(authUserQuery()).data?.id;
  const users = useQuery(usersQuery()).data;
  const customReactions = useQuery({ ...customReactionsQuery(), enabled: customs }).data;
  const usersById = useMemo(() => new Map<string, PublicUser>((users ?? []).map((u) => [u.id, u])), [users]);
  return { me, usersById, customReactions };
};
