// A workspace whose trial ended unpaid (or whose subscription lapsed) is read-only: admins are sent to the Billing
// tab to pay, members are told why they cannot post.
import { WORKSPACE_READ_ONLY_MESSAGE, type CurrentUser } from '@teamchat/contracts';
import { CreditCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { LazySettingsDialog, preloadSettings } from '../settings/LazySettingsDialog.js';
import buttonStyles from '../../components/ui/Button.module.css';
import styles from './ReadOnlyBanner.module.css';

export const READ_ONLY_ADMIN_HINT = 'Add a payment method in the Billing tab to post and invite again.';
export const READ_ONLY_MEMBER_HINT = 'You can still read and search. Ask a workspace admin to update billing.';
export const OPEN_BILLING_LABEL = 'Go to Billing';

export const ReadOnlyBanner = ({ user }: { user: CurrentUser }) => {
  const [billingOpen, setBillingOpen] = useState(false);
  return (
    <div className={styles.banner} role="status" data-testid="read-only-banner">
      <Lock size={16} aria-hidden="true" />
      <p className={styles.text}>
        <strong>{WORKSPACE_READ_ONLY_MESSAGE}</strong> {user.isAdmin ? READ_ONLY_ADMIN_HINT : READ_ONLY_MEMBER_HINT}
      </p>
      {user.isAdmin ? (
        <>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.sm}`}
            onPointerEnter={preloadSettings}
            onFocus={preloadSettings}
            onClick={() => setBillingOpen(true)}
          >
            <CreditCard size={14} aria-hidden="true" /> {OPEN_BILLING_LABEL}
          </button>
          <LazySettingsDialog open={billingOpen} onOpenChange={setBillingOpen} initialTab="billing" user={user} />
        </>
      ) : null}
    </div>
  );
};
