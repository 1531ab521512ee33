// The four-step signup wizard; the step follows the signed-in user's state (spec 1 §2, §4).
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { authUserQuery } from '../../api/auth.js';
import { AuthShell } from '../../components/AuthShell.js';
import { ROUTES } from '../../routes.js';
import { AccountInfoStep } from './AccountInfoStep.js';
import { PaymentStep } from './PaymentStep.js';
import { ProfileStep } from './ProfileStep.js';
import { SignupProgress } from './SignupProgress.js';
import { chooseSignupStep, type SignupStep } from './signup-steps.js';
import { usePaymentPoll } from './use-payment-poll.js';
import { WorkspaceStep } from './WorkspaceStep.js';
import paymentStepStyles from './PaymentStep.module.css';
import spinStyles from '../../components/ui/spin.module.css';

const HEADINGS: Record<SignupStep, { title: string; subtitle: string }> = {
  'user-info': { title: 'Create your account', subtitle: 'Tell us about you and your team.' },
  payment: { title: 'Start your free trial', subtitle: 'Add a card to activate your seats.' },
  workspace: { title: 'Set up your workspace', subtitle: 'Name the place where your team will talk.' },
  profile: { title: 'Complete your profile', subtitle: 'Help teammates recognise you. You can skip this.' },
};

export const SignupPage = () => {
  const { data: user } = useQuery(authUserQuery());
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const step = chooseSignupStep(user);
  const returnedFromPayment = params.get('payment') === 'success' && step === 'payment';
  const poll = usePaymentPoll(returnedFromPayment, () => void navigate(ROUTES.signup, { replace: true }));

  if (step === 'home') return <Navigate to={ROUTES.home} replace />;
  const heading = HEADINGS[step];
  const verifying = returnedFromPayment || poll === 'polling';

  return (
    <AuthShell
      wide
      title={verifying ? 'Confirming your payment' : heading.title}
      subtitle={verifying ? 'This only takes a moment.' : heading.subtitle}
      above={<SignupProgress step={step} />}
      footer={
        user ? null : (
          <p>
            Already have an account? <Link to={ROUTES.login}>Log in</Link>
          </p>
        )
      }
    >
      {verifying ? (
        <div className={paymentStepStyles.loading} role="status">
          <Loader2 className={spinStyles.spin} size={18} aria-hidden /> VERIFYING PAYMENT...
        </div>
      ) : step === 'user-info' ? (
        <AccountInfoStep />
      ) : step === 'payment' ? (
        <PaymentStep companySize={user?.companySize ?? null} />
      ) : step === 'workspace' ? (
        <WorkspaceStep />
      ) : (
        <ProfileStep user={user ?? null} />
      )}
    </AuthShell>
  );
};
