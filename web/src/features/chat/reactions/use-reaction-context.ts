// What every reaction bar needs, from queries the app already holds: who is signed in, the names of those who
// reacted (looked up by id, in batches, and cached) and the workspace's custom reactions (pictures).
import { useQuery } from '@tanstack/react-query';
import { authUserQuery } from '../../../api/auth.js';
import { useUsersById } from '../../../api/directory.js';
import { customReactionsQuery } from '../../settings/api.js';

const NOBODY: readonly string[] = [];

export const useReactionContext = ({
  customs = true,
  userIds = NOBODY,
}: { customs?: boolean; userIds?: readonly string[] } = {}) => {
  const me = useQuery(authUserQuery()).data?.id;
  const usersById = useUsersById(userIds);
  const customReactions = useQuery({ ...customReactionsQuery(), enabled: customs }).data;
  return { me, usersById, customReactions };
};
