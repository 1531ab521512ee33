// `/channel/{id}?message={messageId}` (where a search result leads) opens the channel at that message. The parameter
// is dropped from the address at once, without a history entry, so a reload shows the newest messages again.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGE_PARAM } from '../../routes.js';
import type { MessageJump } from './MessageList.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything but a message id is ignored: the channel opens at its newest messages. */
const toJump = (requested: string | null): MessageJump | null =>
  requested && UUID.test(requested) ? { messageId: requested } : null;

/** The latest request to open the channel at a message; each request is a new object, even for the same message. */
export const useMessageJump = (): MessageJump | null => {
  const [params, setParams] = useSearchParams();
  const requested = params.get(MESSAGE_PARAM);
  // read on the first render, so the list asks for that message's page instead of the newest one first
  const [jump, setJump] = useState(() => toJump(requested));
  const first = useRef(true);

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (requested === null) return;
    if (!isFirst) setJump(toJump(requested));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, setParams]);

  return jump;
};
