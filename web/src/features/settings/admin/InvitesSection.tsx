// Invite links (seat-limited) and the pending invites, each with copy and cancel.
import { OUT_OF_SEATS_MESSAGE } from '@teamchat/contracts';
import { Check, Copy, Link2, X } from 'lucide-react';
import { useInvites } from './use-invites.js';
import adminStyles from './admin.module.css';
import sectionStyles from '../section.module.css';
import formStyles from '../../../components/ui/form.module.css';
import buttonStyles from '../../../components/ui/Button.module.css';
import noteStyles from '../../../components/ui/note.module.css';
import badgeStyles from '../../../components/ui/badge.module.css';

export const TOKEN_DISPLAY_LENGTH = 12;

export const InvitesSection = ({ memberCount }: { memberCount: number }) => {
  const {
    loading,
    pending,
    seats,
    available,
    known,
    outOfSeats,
    copied,
    generating,
    generate,
    copy,
    shown,
    copyShown,
    cancel,
  } = useInvites(memberCount);

  return (
    <section className={adminStyles.section} aria-label="Invite links">
      <h3 className={sectionStyles.title}>Invite links</h3>
      <p className={formStyles.hint} data-testid="available-seats">
        {known ? `${Math.max(available, 0)} of ${seats} seats available` : 'Checking seats…'}
      </p>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
        onClick={generate}
        disabled={outOfSeats || generating}
      >
        {copied === 'new' ? <Check size={14} aria-label="Copied" /> : <Link2 size={14} aria-hidden="true" />} Generate
        Invite Link
      </button>
      {shown ? (
        <div className={adminStyles.linkBox}>
          <label className={formStyles.label} htmlFor="invite-link">
            Invite link
          </label>
          <div className={adminStyles.linkRow}>
            <input
              id="invite-link"
              className={`${formStyles.input} ${adminStyles.linkInput}`}
              value={shown.link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby={shown.copyFailed ? 'invite-link-fallback' : undefined}
            />
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm}`}
              onClick={() => void copyShown()}
            >
              {copied === `shown:${shown.inviteId}` ? (
                <Check size={14} aria-hidden="true" />
              ) : (
                <Copy size={14} aria-hidden="true" />
              )}{' '}
              Copy
            </button>
          </div>
          {shown.copyFailed ? (
            <p id="invite-link-fallback" className={formStyles.hint} role="status">
              The clipboard is not available here: select the link and copy it (Ctrl+C, or ⌘C on a Mac).
            </p>
          ) : null}
        </div>
      ) : null}
      {outOfSeats ? (
        <p className={formStyles.error} role="alert">
          {OUT_OF_SEATS_MESSAGE}
        </p>
      ) : null}

      <h4 className={adminStyles.sectionSubtitle}>Pending invites</h4>
      {pending.length === 0 ? (
        <p className={noteStyles.note}>{loading ? 'Loading…' : 'No pending invites.'}</p>
      ) : (
        <ul className={adminStyles.list} aria-label="Pending invites">
          {pending.map((invite) => (
            <li key={invite.id} className={adminStyles.listRow} data-testid="pending-invite">
              <code className={adminStyles.token} title="Invite token">
                {invite.token.slice(0, TOKEN_DISPLAY_LENGTH)}…
              </code>
              <span className={`${badgeStyles.label} ${badgeStyles.labelWarn}`}>PENDING</span>
              <span className={adminStyles.listSpacer} />
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.xs}`}
                aria-label="Copy invite link"
                title="Copy invite link"
                onClick={() => void copy(invite)}
              >
                {copied === invite.id ? <Check size={14} /> : <Copy size={14} />}
              </button>
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.icon} ${buttonStyles.xs} ${buttonStyles.iconDanger}`}
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
