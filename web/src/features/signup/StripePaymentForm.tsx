// Stripe Elements card form, used when the server runs against Stripe (it returns a publishable key).
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CreditCard } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/Button.js';
import { getStripe } from '../../lib/stripe.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import formStyles from '../../components/ui/form.module.css';

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export const StripePaymentForm = ({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) => {
  const appearance = useMemo(
    () => ({
      theme: 'night' as const,
      variables: {
        colorPrimary: cssVar('--primary', '#00e5ff'),
        colorBackground: cssVar('--surface', '#111830'),
        colorText: cssVar('--text', '#e4f2ff'),
        colorDanger: cssVar('--danger', '#ff4d6d'),
        borderRadius: '8px',
      },
    }),
    [],
  );
  return (
    <Elements stripe={getStripe(publishableKey)} options={{ clientSecret, appearance }}>
      <StripeConfirm clientSecret={clientSecret} />
    </Elements>
  );
};

const StripeConfirm = ({ clientSecret }: { clientSecret: string }) => {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      const confirmParams = { return_url: `${window.location.origin}${ROUTES.signupPaymentSuccess}` };
      // Trial subscriptions hand out a SetupIntent secret (nothing is charged yet); paid ones a PaymentIntent.
      const { error } = clientSecret.startsWith('seti_')
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (error) {
        notify.error('Payment Failed', error.message);
        return;
      }
      void navigate(ROUTES.signupPaymentSuccess, { replace: true });
    } catch (err) {
      notify.error('Payment Error', err instanceof Error && err.message ? err.message : 'An unexpected error occurred');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={`${formStyles.form} ${formStyles.cardForm}`} onSubmit={(e) => void onSubmit(e)}>
      <PaymentElement />
      <Button type="submit" size="lg" className={formStyles.submit} loading={pending} disabled={!stripe}>
        <CreditCard size={18} aria-hidden /> {pending ? 'Confirming...' : 'Start Free Trial'}
      </Button>
    </form>
  );
};
