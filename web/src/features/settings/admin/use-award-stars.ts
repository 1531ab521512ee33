// The star award form: who, how many (a positive whole number), and the award.
import { AwardStarsSchema, type PublicUser } from '@teamchat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { authKeys } from '../../../api/auth.js';
import { userKeys } from '../../../api/users.js';
import { notify } from '../../../lib/toast.js';
import { awardStars } from '../api.js';

export const STAR_TEXTS = {
  noUser: 'Please select a user to award stars to.',
  notPositive: 'Please enter a positive number of stars.',
} as const;

export const useAwardStars = (users: readonly PublicUser[]) => {
  const qc = useQueryClient();
  const [userId, setUserId] = useState('');
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);

  const award = useMutation({
    mutationFn: ({ id, stars }: { id: string; stars: number }) => awardStars(id, stars),
    onSuccess: async (_data, { id, stars }) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.all }),
        qc.invalidateQueries({ queryKey: authKeys.user }),
      ]);
      const name = users.find((u) => u.id === id)?.username ?? 'the user';
      notify.success('Stars awarded', `${stars} ${stars === 1 ? 'star' : 'stars'} awarded to ${name}.`);
      setCount('1');
    },
    onError: () => notify.error('Failed to award stars', 'Could not award stars. Please try again.'),
  });

  const chooseUser = (next: string) => {
    setUserId(next);
    setError(null);
  };

  const changeCount = (next: string) => {
    setCount(next);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      setError(STAR_TEXTS.noUser);
      return;
    }
    const stars = /^\s*\d+\s*$/.test(count) ? Number(count) : Number.NaN;
    const parsed = AwardStarsSchema.safeParse({ stars });
    if (!parsed.success) {
      setError(STAR_TEXTS.notPositive);
      return;
    }
    setError(null);
    award.mutate({ id: userId, stars: parsed.data.stars });
  };

  return { userId, count, error, chooseUser, changeCount, submit, awarding: award.isPending };
};
