// Invite links: the seats left for new ones (seats minus users minus pending invites), generating one (copied to the
// clipboard), copying and cancelling pending ones. The link just generated (or one the clipboard refused) is shown in
// full, to copy by hand when the clipboard is unavailable.
import { OUT_OF_SEATS_MESSAGE, type Invite } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, errorStatus } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { cancelInvite, createInvite, inviteLink, invitesQuery, settingsKeys, subscriptionQuery } from '../api.js';
import { DEFAULT_BILLING, availableSeats, canGenerateInvite } from '../seats.js';
import { copyText, useCopiedFlag } from './use-copied-flag.js';

/** `memberCount`: the workspace's members (every one, not those of a page). */
export const useInvites = (memberCount: number) => {
  const qc = useQueryClient();
  const invites = useQuery(invitesQuery());
  const subscription = useQuery(subscriptionQuery());
  const { copied, flag } = useCopiedFlag();
  /** The link shown in full, and whether the clipboard refused it. */
  const [shown, setShown] = useState<{ inviteId: string; link: string; copyFailed: boolean } | null>(null);
  const seats = (subscription.data ?? DEFAULT_BILLING).seats;
  const pending = invites.data ?? [];
  const available = availableSeats(seats, memberCount, pending.length);
  const known = subscription.isSuccess && invites.isSuccess;
  const outOfSeats = known && !canGenerateInvite(available);

  const generateInvite = useMutation({
    mutationFn: createInvite,
    onSuccess: async (invite) => {
      await qc.invalidateQueries({ queryKey: settingsKeys.invites });
      const link = inviteLink(invite.token);
      const copiedOk = await copyText(link);
      setShown({ inviteId: invite.id, link, copyFailed: !copiedOk });
      if (copiedOk) {
        flag('new');
        notify.success('Invite link generated', 'The invite link has been copied to your clipboard.');
      } else {
        notify.success('Invite link generated', 'Copy the link shown below.');
      }
    },
    onError: (err) => {
      if (errorStatus(err) === 409) notify.error('No available seats', OUT_OF_SEATS_MESSAGE);
      else notify.error('Failed to generate invite', 'Could not generate the invitation link. Please try again.');
      void qc.invalidateQueries({ queryKey: settingsKeys.subscription });
    },
  });

  const cancelPending = useMutation({
    mutationFn: (invite: Invite) => cancelInvite(invite.id),
    onSuccess: async (_answer, invite) => {
      setShown((s) => (s?.inviteId === invite.id ? null : s));
      await qc.invalidateQueries({ queryKey: settingsKeys.invites });
      notify.success('Invite cancelled');
    },
    onError: (err) => notify.error(errorMessage(err, 'Failed to cancel invite')),
  });

  const generate = () => {
    if (outOfSeats) {
      notify.error('No available seats', OUT_OF_SEATS_MESSAGE);
      return;
    }
    generateInvite.mutate();
  };

  const copy = async (invite: Invite) => {
    const link = inviteLink(invite.token);
    if (await copyText(link)) {
      flag(invite.id);
      notify.success('Link copied');
    } else {
      setShown({ inviteId: invite.id, link, copyFailed: true });
      notify.error('Copy failed');
    }
  };

  /** The shown link copied again from its own button. */
  const copyShown = async () => {
    if (!shown) return;
    if (await copyText(shown.link)) {
      flag(`shown:${shown.inviteId}`);
      setShown({ ...shown, copyFailed: false });
      notify.success('Link copied');
    } else {
      setShown({ ...shown, copyFailed: true });
      notify.error('Copy failed');
    }
  };

  return {
    /** Still asking for the invites. */
    loading: invites.isPending,
    pending,
    seats,
    available,
    /** Both the seats and the invites are in, so `available` can be trusted. */
    known,
    outOfSeats,
    /** 'new' for a just-generated link, else the id of the invite whose link was just copied. */
    copied,
    generating: generateInvite.isPending,
    generate,
    copy,
    shown,
    copyShown,
    cancel: (invite: Invite) => cancelPending.mutate(invite),
  };
};
