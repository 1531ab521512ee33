// Step 2: start the subscription's free trial with a card (Stripe Elements, or the offline provider's form).
import { zodResolver } from '@hookform/resolvers/zod';
import { monthlyPrice, seatsForCompanySize, TRIAL_DAYS, COMPANY_SIZES, type CompanySize } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, Loader2, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { billingConfigQuery, confirmLocalPayment, createSignupSubscription } from '../../api/billing.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage, errorStatus } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { OfflineCardSchema, type OfflineCard } from './signup.schemas.js';
import badgeStyles from '../../components/ui/badge.module.css';
import spinStyles from '../../components/ui/spin.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './PaymentStep.module.css';

const StripePaymentForm = lazy(() => import('./StripePaymentForm.js').then((m) => ({ default: m.StripePaymentForm })));

const isCompanySize = (v: unknown): v is CompanySize => (COMPANY_SIZES as readonly unknown[]).includes(v);

type Secret = { status: 'loading' } | { status: 'ready'; clientSecret: string } | { status: 'failed' };

/** Asks once for the subscription's client secret; each failure has its own toast (spec 1 §8). */
const useSignupClientSecret = (seats: number) => {
  const [secret, setSecret] = useState<Secret>({ status: 'loading' });
  const started = useRef(false);

  const start = useCallback(async () => {
    setSecret({ status: 'loading' });
    let answer: { clientSecret?: string | null };
    try {
      answer = await createSignupSubscription(seats);
    } catch (err) {
      // A network failure never reached the server; an HTTP error means it refused to create one.
      notify.error(
        err instanceof TypeError ? 'Failed to initialize payment. Please try again.' : 'Failed to create subscription',
      );
      setSecret({ status: 'failed' });
      return;
    }
    if (!answer?.clientSecret) {
      notify.error('Payment initialization failed - no client secret received');
      setSecret({ status: 'failed' });
      return;
    }
    setSecret({ status: 'ready', clientSecret: answer.clientSecret });
  }, [seats]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  return { secret, retry: start };
};

export const PaymentStep = ({ companySize }: { companySize: string | null }) => {
  const seats = seatsForCompanySize(isCompanySize(companySize) ? companySize : '2-5');
  const config = useQuery(billingConfigQuery());
  const { secret, retry } = useSignupClientSecret(seats);

  return (
    <div className={styles.payment}>
      <div className={styles.plan}>
        <div>
          <p className={styles.planName}>Team plan · {seats} seats</p>
          <p className={styles.planPrice}>
            ${monthlyPrice(seats)}
            <span>/month after trial</span>
          </p>
        </div>
        <span className={`${badgeStyles.pill} ${badgeStyles.pillAccent}`}>{TRIAL_DAYS}-day free trial</span>
      </div>
      <p className={styles.note}>
        <ShieldCheck size={16} aria-hidden /> Start your {TRIAL_DAYS}-day free trial. No charge until the trial ends.
      </p>

      {secret.status === 'loading' || config.isPending ? (
        <div className={styles.loading} role="status">
          <Loader2 className={spinStyles.spin} size={18} aria-hidden /> Preparing secure payment...
        </div>
      ) : secret.status === 'failed' || config.isError ? (
        <div className={styles.failed}>
          <p>We couldn&apos;t start the payment.</p>
          <Button variant="outline" onClick={() => void retry()}>
            Try again
          </Button>
        </div>
      ) : config.data?.stripePublishableKey ? (
        <Suspense fallback={<div className={styles.loading}>Loading card form...</div>}>
          <StripePaymentForm publishableKey={config.data.stripePublishableKey} clientSecret={secret.clientSecret} />
        </Suspense>
      ) : (
        <OfflineCardForm clientSecret={secret.clientSecret} />
      )}
    </div>
  );
};

/** The local provider's card form: it confirms the trial on our own server, no network to a card processor. */
export const OfflineCardForm = ({ clientSecret }: { clientSecret: string }) => {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OfflineCard, unknown, z.output<typeof OfflineCardSchema>>({
    resolver: zodResolver(OfflineCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async ({ cardNumber }) => {
    try {
      await confirmLocalPayment(clientSecret, cardNumber);
      void navigate(ROUTES.signupPaymentSuccess, { replace: true });
    } catch (err) {
      if (errorStatus(err) !== undefined) notify.error('Payment Failed', errorMessage(err, 'Your card was declined.'));
      else
        notify.error(
          'Payment Error',
          err instanceof Error && err.message ? err.message : 'An unexpected error occurred',
        );
    }
  });

  return (
    <form
      className={`${formStyles.form} ${formStyles.cardForm}`}
      onSubmit={onSubmit}
      noValidate
      aria-label="Card details"
    >
      <Field label="Card number" error={errors.cardNumber?.message} hint="Test mode: use 4242 4242 4242 4242.">
        <input
          className={`${formStyles.input} ${formStyles.mono}`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          {...register('cardNumber')}
        />
      </Field>
      <div className={formStyles.grid}>
        <Field label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <input
            className={`${formStyles.input} ${formStyles.mono}`}
            autoComplete="cc-exp"
            placeholder="12/34"
            {...register('expiry')}
          />
        </Field>
        <Field label="CVC" error={errors.cvc?.message}>
          <input
            className={`${formStyles.input} ${formStyles.mono}`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            {...register('cvc')}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" className={formStyles.submit} loading={isSubmitting}>
        <CreditCard size={18} aria-hidden /> {isSubmitting ? 'Confirming...' : 'Start Free Trial'}
      </Button>
    </form>
  );
};
