// Stripe Elements for the Billing tab's card setup; loaded lazily by WorkspacePayment, only with Stripe configured.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CreditCard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/request.js';
import { getStripe } from '../../lib/stripe.js';
import { notify } from '../../lib/toast.js';
import { PAY_NOW_LABEL } from './api.js';
import formStyles from '../../components/ui/form.module.css';
import buttonStyles from '../../components/ui/Button.module.css';

export const WorkspaceStripeForm = ({
  publishableKey,
  clientSecret,
  onConfirmed,
}: {
  publishableKey: string;
  clientSecret: string;
  onConfirmed: () => Promise<void>;
}) => (
  <Elements stripe={getStripe(publishableKey)} options={{ clientSecret }}>
    <StripeCardForm onConfirmed={onConfirmed} />
  </Elements>
);

const StripeCardForm = ({ onConfirmed }: { onConfirmed: () => Promise<void> }) => {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      const { error } = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (error) notify.error('Payment Failed', error.message);
      else await onConfirmed();
    } catch (err) {
      notify.error('Payment Error', errorMessage(err, 'An unexpected error occurred'));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className={`${formStyles.form} ${formStyles.cardForm}`} onSubmit={(e) => void onSubmit(e)}>
      <PaymentElement />
      <button
        type="submit"
        className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}
        disabled={!stripe || pending}
      >
        <CreditCard size={14} aria-hidden="true" /> {PAY_NOW_LABEL}
      </button>
    </form>
  );
};
