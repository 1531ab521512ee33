// Billing (admins): seats, monthly amount, trial badge with end date, add 1–50 seats priced by the spec's rule.
import type { CurrentUser } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { workspacesQuery } from '../../api/workspaces.js';
import { purchaseSeats, settingsKeys, subscriptionQuery } from './api.js';
import { WorkspacePayment } from './WorkspacePayment.js';
import {
  DEFAULT_BILLING,
  SEATS_TO_ADD_MAX,
  SEATS_TO_ADD_MIN,
  formatDollars,
  formatTrialEnd,
  parseSeatsToAdd,
  priceLabel,
} from './seats.js';
import sectionStyles from './section.module.css';
import badgeStyles from '../../components/ui/badge.module.css';
import formStyles from '../../components/ui/form.module.css';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './BillingTab.module.css';

export const BillingTab = ({ user }: { user: CurrentUser }) => {
  const qc = useQueryClient();
  // The server answers for the current workspace's subscription, which every admin of it may see.
  const details = useQuery({ ...subscriptionQuery(), enabled: user.isAdmin || Boolean(user.stripeSubscriptionId) });
  const workspaces = useQuery({ ...workspacesQuery(), enabled: user.isAdmin });
  const access = workspaces.data?.find((w) => w.id === user.workspaceId);
  const [raw, setRaw] = useState('1');
  const current = details.data ?? DEFAULT_BILLING;
  const additional = parseSeatsToAdd(raw);
  const newTotal = current.seats + (additional ?? 0);

  const purchase = useMutation({
    mutationFn: (seats: number) => purchaseSeats(seats),
    onSuccess: async (res, seats) => {
      notify.success('Seats Added Successfully', res?.message ?? `Added ${seats} seats`);
      setRaw('1');
      await Promise.all([
        qc.invalidateQueries({ queryKey: settingsKeys.subscription }),
        qc.invalidateQueries({ queryKey: settingsKeys.invites }),
      ]);
    },
    onError: (err) => notify.error('Failed to Add Seats', errorMessage(err, 'Could not add seats. Please try again.')),
  });

  return (
    <div className={sectionStyles.section}>
      <div className={styles.summary}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>Seats</span>
          <span className={styles.statValue} data-testid="billing-seats">
            {current.seats}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>Monthly amount</span>
          <span className={styles.statValue} data-testid="billing-amount">
            {formatDollars(current.amount)}
          </span>
        </div>
        {current.onTrial ? (
          <div className={styles.stat}>
            <span className={`${badgeStyles.label} ${badgeStyles.labelAccent}`}>FREE TRIAL</span>
            {current.trialEnd ? (
              <span className={styles.statLabel}>Ends {formatTrialEnd(current.trialEnd)}</span>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className={formStyles.hint}>
        Pricing: $5 per seat per month under 50 seats; 50 seats or more is a flat $250 per month.
      </p>

      {user.isAdmin && access && access.writableUntil !== null ? <WorkspacePayment readOnly={access.readOnly} /> : null}

      <h3 className={sectionStyles.title}>Add seats</h3>
      <form
        className={formStyles.inline}
        onSubmit={(e) => {
          e.preventDefault();
          if (additional !== null) purchase.mutate(additional);
        }}
      >
        <input
          className={`${formStyles.input} ${formStyles.narrow}`}
          type="number"
          min={SEATS_TO_ADD_MIN}
          max={SEATS_TO_ADD_MAX}
          step={1}
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          aria-label="Seats to add"
          aria-invalid={additional === null ? true : undefined}
        />
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
          disabled={additional === null || purchase.isPending}
        >
          <CreditCard size={14} aria-hidden="true" /> Add Seats
        </button>
      </form>
      {additional === null ? (
        <p className={formStyles.error} role="alert">
          Enter a whole number of seats from {SEATS_TO_ADD_MIN} to {SEATS_TO_ADD_MAX}.
        </p>
      ) : (
        <p className={formStyles.hint} data-testid="billing-new-price">
          New total: {newTotal} seats at {priceLabel(newTotal)} (currently {formatDollars(current.amount)}). You will be
          charged a prorated amount for the rest of this billing period.
        </p>
      )}
    </div>
  );
};
