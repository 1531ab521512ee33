// "Pin message" / "Unpin message" in a message's toolbar.
import type { Message } from '@teamchat/contracts';
import { Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/request.js';
import { notify } from '../../../lib/toast.js';
import { usePinToggle } from './pins-api.js';
import messageRowStyles from '../MessageRow.module.css';

export const PinAction = ({ message }: { message: Message }) => {
  const toggle = usePinToggle();
  const [busy, setBusy] = useState(false);
  const pinned = Boolean(message.pinnedAt);
  if (message.deleted) return null;
  const label = pinned ? 'Unpin message' : 'Pin message';
  const run = () => {
    setBusy(true);
    toggle(message, !pinned)
      .catch((err: unknown) =>
        notify.error(errorMessage(err, pinned ? 'Could not unpin the message' : 'Could not pin the message')),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={messageRowStyles.action}
      aria-label={label}
      title={label}
      disabled={busy}
      onClick={run}
    >
      {pinned ? <PinOff size={14} aria-hidden="true" /> : <Pin size={14} aria-hidden="true" />}
    </button>
  );
};
