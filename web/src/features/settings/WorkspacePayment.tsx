// Billing tab, admins of a workspace on a trial without a card or read-only after it: add a card. The server hands
// out a card setup; the offline form or Stripe Elements confirms it; the confirmation makes the workspace writable.
import { CARD_NUMBER_INVALID_MESSAGE, CardNumberSchema } from '@teamchat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { billingConfigQuery, confirmLocalPayment } from '../../api/billing.js';
import { workspaceKeys } from '../../api/workspaces.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { PAY_NOW_LABEL, settingsKeys, startWorkspacePayment, verifyWorkspacePayment } from './api.js';
import sectionStyles from './section.module.css';
import formStyles from '../../components/ui/form.module.css';
import buttonStyles from '../../components/ui/Button.module.css';

export const ADD_CARD_LABEL = 'Add payment method';

// Stripe Elements only when the server runs against Stripe (loading Stripe.js is a side effect of importing it)
const WorkspaceStripeForm = lazy(() =>
  import('./WorkspaceStripeForm.js').then((m) => ({ default: m.WorkspaceStripeForm })),
);

export const WorkspacePayment = ({ readOnly }: { readOnly: boolean }) => {
  const qc = useQueryClient();
  const config = useQuery(billingConfigQuery());
  const setup = useMutation({
    mutationFn: startWorkspacePayment,
    onError: (err) => notify.error('Payment Error', errorMessage(err, 'An unexpected error occurred')),
  });

  const confirmed = async () => {
    const result = await verifyWorkspacePayment();
    await Promise.all([
      qc.invalidateQueries({ queryKey: workspaceKeys.all }),
      qc.invalidateQueries({ queryKey: settingsKeys.subscription }),
    ]);
    if (result.paymentCompleted)
      notify.success('Payment Successful', readOnly ? 'The workspace is writable again.' : undefined);
    else
      notify.error(
        'Payment Verification Timeout',
        'Payment may still be processing. Please refresh the page in a moment.',
      );
  };

  return (
    <section aria-label="Payment method">
      <h3 className={sectionStyles.title}>Payment method</h3>
      <p className={formStyles.hint}>
        {readOnly
          ? 'This workspace is read-only until its subscription is paid. Add a card to post and invite again.'
          : 'Your free trial has no card yet. Add one so the workspace stays writable when the trial ends.'}
      </p>
      {!setup.data ? (
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          <CreditCard size={14} aria-hidden="true" /> {ADD_CARD_LABEL}
        </button>
      ) : config.data?.stripePublishableKey ? (
        <Suspense fallback={null}>
          <WorkspaceStripeForm
            publishableKey={config.data.stripePublishableKey}
            clientSecret={setup.data.clientSecret}
            onConfirmed={confirmed}
          />
        </Suspense>
      ) : (
        <LocalCardForm clientSecret={setup.data.clientSecret} onConfirmed={confirmed} />
      )}
    </section>
  );
};

const LocalCardForm = ({ clientSecret, onConfirmed }: { clientSecret: string; onConfirmed: () => Promise<void> }) => {
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!CardNumberSchema.safeParse(cardNumber).success) {
      setError(CARD_NUMBER_INVALID_MESSAGE);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await confirmLocalPayment(clientSecret, cardNumber);
      await onConfirmed();
    } catch (err) {
      notify.error('Payment Failed', errorMessage(err, 'An unexpected error occurred'));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className={formStyles.inline} onSubmit={(e) => void onSubmit(e)}>
      <input
        className={formStyles.input}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        aria-label="Card number"
        value={cardNumber}
        onChange={(e) => setCardNumber(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <button
        type="submit"
        className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
        disabled={pending}
      >
        <CreditCard size={14} aria-hidden="true" /> {PAY_NOW_LABEL}
      </button>
      {error ? (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
};
