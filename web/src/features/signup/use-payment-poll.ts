// After the card is confirmed: ask the server once a second, at most 10 times, whether the payment landed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authKeys } from '../../api/auth.js';
import { verifyPaymentStatus } from '../../api/billing.js';
import { notify } from '../../lib/toast.js';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_ATTEMPTS } from './signup-steps.js';

export type PollState = 'idle' | 'polling' | 'confirmed' | 'timeout';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the poll the first time `active` is true and lets it finish even if `active` turns false meanwhile (the
 * refreshed user moves the wizard on while the poll is still reporting); `onDone` runs once it settles.
 */
export const usePaymentPoll = (active: boolean, onDone: (state: 'confirmed' | 'timeout') => void): PollState => {
  const qc = useQueryClient();
  const [state, setState] = useState<PollState>('idle');
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const started = useRef(false);
  const unmounted = useRef(false);

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  useEffect(() => {
    if (!active || started.current) return;
    started.current = true;
    setState('polling');
    void (async () => {
      for (let attempt = 1; attempt <= PAYMENT_POLL_MAX_ATTEMPTS && !unmounted.current; attempt++) {
        const paid = await verifyPaymentStatus()
          .then((r) => r?.paymentCompleted === true)
          .catch(() => false);
        if (unmounted.current) return;
        if (paid) {
          notify.success('Payment Successful', 'Your free trial has started.');
          await qc.invalidateQueries({ queryKey: authKeys.user });
          setState('confirmed');
          onDoneRef.current('confirmed');
          return;
        }
        if (attempt < PAYMENT_POLL_MAX_ATTEMPTS) await sleep(PAYMENT_POLL_INTERVAL_MS);
      }
      if (unmounted.current) return;
      notify.error(
        'Payment Verification Timeout',
        'Payment may still be processing. Please refresh the page in a moment.',
      );
      setState('timeout');
      onDoneRef.current('timeout');
    })();
  }, [active, qc]);

  return state;
};
