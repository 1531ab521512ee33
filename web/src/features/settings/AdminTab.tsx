// Admin: invite links (seat-limited), pending invites, members with admin switch and removal, star awards.
import * as Switch from '@radix-ui/react-switch';
import {
  AwardStarsSchema,
  OUT_OF_SEATS_MESSAGE,
  type CurrentUser,
  type Invite,
  type PublicUser,
} from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Link2, Star, UserMinus, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authKeys } from '../../api/auth.js';
import { userKeys, usersQuery } from '../../api/users.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { errorMessage, errorStatus } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { Avatar } from '../chat/ui.js';
import {
  awardStars,
  cancelInvite,
  createInvite,
  inviteLink,
  invitesQuery,
  removeUser,
  setAdmin,
  settingsKeys,
  subscriptionQuery,
} from './api.js';
import { DEFAULT_BILLING, availableSeats, canGenerateInvite } from './seats.js';
import { BroadcastMentionsSection } from '../notifications/BroadcastMentionsSection.js';

export const COPIED_MS = 2000;
export const TOKEN_DISPLAY_LENGTH = 12;
export const STAR_TEXTS = {
  noUser: 'Please select a user to award stars to.',
  notPositive: 'Please enter a positive number of stars.',
} as const;

const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/** A check mark that shows for 2 seconds after a copy. */
const useCopiedFlag = () => {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flag = (key: string) => {
    setCopied(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  };
  return { copied, flag };
};

const InvitesSection = ({ users }: { users: readonly PublicUser[] }) => {
  const qc = useQueryClient();
  const invites = useQuery(invitesQuery());
  const subscription = useQuery(subscriptionQuery());
  const { copied, flag } = useCopiedFlag();
  const seats = (subscription.data ?? DEFAULT_BILLING).seats;
  const pending = invites.data ?? [];
  const available = availableSeats(seats, users.length, pending.length);
  const known = subscription.isSuccess && invites.isSuccess;
  const outOfSeats = known && !canGenerateInvite(available);

  const generate = useMutation({
    mutationFn: createInvite,
    onSuccess: async (invite) => {
      await qc.invalidateQueries({ queryKey: settingsKeys.invites });
      if (await copyText(inviteLink(invite.token))) {
        flag('new');
        notify.success('Invite link generated', 'The invite link has been copied to your clipboard.');
      } else {
        notify.success('Invite link generated', 'Copy the link from the pending invites list below.');
      }
    },
    onError: (err) => {
      if (errorStatus(err) === 409) notify.error('No available seats', OUT_OF_SEATS_MESSAGE);
      else notify.error('Failed to generate invite', 'Could not generate the invitation link. Please try again.');
      void qc.invalidateQueries({ queryKey: settingsKeys.subscription });
    },
  });

  const cancel = useMutation({
    mutationFn: (invite: Invite) => cancelInvite(invite.id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: settingsKeys.invites });
      notify.success('Invite cancelled');
    },
    onError: (err) => notify.error(errorMessage(err, 'Failed to cancel invite')),
  });

  const onGenerate = () => {
    if (outOfSeats) {
      notify.error('No available seats', OUT_OF_SEATS_MESSAGE);
      return;
    }
    generate.mutate();
  };

  const copyInvite = async (invite: Invite) => {
    if (await copyText(inviteLink(invite.token))) {
      flag(invite.id);
      notify.success('Link copied');
    } else {
      notify.error('Copy failed');
    }
  };

  return (
    <section className="tc-admin-section" aria-label="Invite links">
      <h3 className="tc-settings-section__title">Invite links</h3>
      <p className="field__hint" data-testid="available-seats">
        {known ? `${Math.max(available, 0)} of ${seats} seats available` : 'Checking seats…'}
      </p>
      <button
        type="button"
        className="btn btn--primary btn--md"
        onClick={onGenerate}
        disabled={outOfSeats || generate.isPending}
      >
        {copied === 'new' ? <Check size={14} aria-label="Copied" /> : <Link2 size={14} aria-hidden="true" />} Generate
        Invite Link
      </button>
      {outOfSeats ? (
        <p className="field__error" role="alert">
          {OUT_OF_SEATS_MESSAGE}
        </p>
      ) : null}

      <h4 className="tc-admin-section__subtitle">Pending invites</h4>
      {pending.length === 0 ? (
        <p className="tc-list-note">{invites.isPending ? 'Loading…' : 'No pending invites.'}</p>
      ) : (
        <ul className="tc-admin-list" aria-label="Pending invites">
          {pending.map((invite) => (
            <li key={invite.id} className="tc-admin-list__row" data-testid="pending-invite">
              <code className="tc-token" title="Invite token">
                {invite.token.slice(0, TOKEN_DISPLAY_LENGTH)}…
              </code>
              <span className="tc-badge tc-badge--warn">PENDING</span>
              <span className="tc-admin-list__spacer" />
              <button
                type="button"
                className="btn btn--icon btn--xs"
                aria-label="Copy invite link"
                title="Copy invite link"
                onClick={() => void copyInvite(invite)}
              >
                {copied === invite.id ? <Check size={14} /> : <Copy size={14} />}
              </button>
              <button
                type="button"
                className="btn btn--icon btn--xs icon-danger"
                aria-label="Cancel invite"
                title="Cancel invite"
                onClick={() => cancel.mutate(invite)}
              >
                <X size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

const RemoveUserButton = ({ member, workspaceId }: { member: PublicUser; workspaceId: string | null }) => {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => {
      if (!workspaceId) throw new Error('No active workspace');
      return removeUser(workspaceId, member.id);
    },
    onSuccess: async () => {
      setOpen(false);
      await Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.all }),
        qc.invalidateQueries({ queryKey: settingsKeys.invites }),
      ]);
      notify.success('User removed', `${member.username} has been removed from the workspace.`);
    },
    onError: (err) => {
      setOpen(false);
      notify.error(errorMessage(err, 'Failed to remove user'));
    },
  });
  return (
    <>
      <button
        type="button"
        className="btn btn--icon btn--xs icon-danger"
        aria-label={`Remove ${member.username}`}
        title="Remove from workspace"
        onClick={() => setOpen(true)}
      >
        <UserMinus size={14} />
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove user"
        description={`Remove ${member.username} from this workspace? They will lose access immediately.`}
        confirmLabel="Remove"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
      />
    </>
  );
};

const UsersSection = ({ user, users }: { user: CurrentUser; users: readonly PublicUser[] }) => {
  const qc = useQueryClient();
  const toggleAdmin = useMutation({
    mutationFn: ({ member, isAdmin }: { member: PublicUser; isAdmin: boolean }) => setAdmin(member.id, isAdmin),
    onSuccess: async (_data, { member, isAdmin }) => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      notify.success(
        isAdmin ? 'Admin promoted' : 'Admin demoted',
        isAdmin ? `${member.username} is now an admin.` : `${member.username} is no longer an admin.`,
      );
    },
    onError: (err) =>
      notify.error(
        'Failed to update admin status',
        errorMessage(err, 'Could not update admin privileges. Please try again.'),
      ),
  });

  return (
    <section className="tc-admin-section" aria-label="Users">
      <h3 className="tc-settings-section__title">Users</h3>
      <ul className="tc-admin-list" aria-label="Workspace users">
        {users.map((member) => {
          const self = member.id === user.id;
          return (
            <li key={member.id} className="tc-admin-list__row" data-testid="admin-user-row">
              <Avatar name={member.username} src={member.profileImageUrl} size={24} />
              <span className="tc-admin-list__name">
                {member.username}
                {self ? <span className="field__hint"> (you)</span> : null}
              </span>
              <span className="tc-admin-list__stars" title="Stars">
                <Star size={12} aria-hidden="true" /> {member.stars}
              </span>
              <span className="tc-admin-list__spacer" />
              <label className="tc-switch-label">
                <span>Admin</span>
                <Switch.Root
                  className="tc-switch"
                  checked={member.isAdmin}
                  disabled={self || toggleAdmin.isPending}
                  onCheckedChange={(isAdmin) => toggleAdmin.mutate({ member, isAdmin })}
                  aria-label={`Admin: ${member.username}`}
                >
                  <Switch.Thumb className="tc-switch__thumb" />
                </Switch.Root>
              </label>
              {self ? (
                <span className="tc-admin-list__placeholder" />
              ) : (
                <RemoveUserButton member={member} workspaceId={user.workspaceId} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
};

const StarsSection = ({ users }: { users: readonly PublicUser[] }) => {
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

  return (
    <section className="tc-admin-section" aria-label="Award stars">
      <h3 className="tc-settings-section__title">Award stars</h3>
      <form className="tc-inline-form" onSubmit={submit} noValidate>
        <select
          className="input select"
          value={userId}
          onChange={(e) => {
            setUserId(e.target.value);
            setError(null);
          }}
          aria-label="User to award"
        >
          <option value="">Select a user…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </select>
        <input
          className="input input--narrow"
          type="number"
          min={1}
          step={1}
          value={count}
          onChange={(e) => {
            setCount(e.target.value);
            setError(null);
          }}
          aria-label="Number of stars"
        />
        <button type="submit" className="btn btn--primary btn--md" disabled={award.isPending}>
          <Star size={14} aria-hidden="true" /> Award Stars
        </button>
      </form>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
};

export const AdminTab = ({ user }: { user: CurrentUser }) => {
  const users = useQuery(usersQuery());
  const list = users.data ?? [];
  return (
    <div className="tc-settings-section tc-admin">
      <InvitesSection users={list} />
      <UsersSection user={user} users={list} />
      <StarsSection users={list} />
      <BroadcastMentionsSection />
    </div>
  );
};
