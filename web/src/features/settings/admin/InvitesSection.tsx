// Invite links (seat-limited) and the pending invites, each with copy and cancel.
import { OUT_OF_SEATS_MESSAGE, type PublicUser } from '@teamchat/contracts';
import { Check, Copy, Link2, X } from 'lucide-react';
import { useInvites } from './use-invites.js';

export const TOKEN_DISPLAY_LENGTH = 12;

export const InvitesSection = ({ users }: { users: readonly PublicUser[] }) => {
  const { loading, pending, seats, available, known, outOfSeats, copied, generating, generate, copy, cancel } =
    useInvites(users);

  return (
    <section className="tc-admin-section" aria-label="Invite links">
      <h3 className="tc-settings-section__title">Invite links</h3>
      <p className="field__hint" data-testid="available-seats">
        {known ? `${Math.max(available, 0)} of ${seats} seats available` : 'Checking seats…'}
      </p>
      <button type="button" className="btn btn--primary btn--md" onClick={generate} disabled={outOfSeats || generating}>
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
        <p className="tc-list-note">{loading ? 'Loading…' : 'No pending invites.'}</p>
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
                onClick={() => void copy(invite)}
              >
                {copied === invite.id ? <Check size={14} /> : <Copy size={14} />}
              </button>
              <button
                type="button"
                className="btn btn--icon btn--xs icon-danger"
                aria-label="Cancel invite"
                title="Cancel invite"
                onClick={() => cancel(invite)}
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
