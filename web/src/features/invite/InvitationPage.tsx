// Accept an invitation: step 1 shows who invited whom, step 2 creates the account and joins.
import { zodResolver } from '@hookform/resolvers/zod';
import { AcceptInviteSchema, type AcceptInvite } from '@teamchat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { authKeys } from '../../api/auth.js';
import { acceptInvite, validateInviteQuery } from '../../api/invites.js';
import { AuthShell } from '../../components/AuthShell.js';
import { FullScreenMessage } from '../../components/FullScreenMessage.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import authShellStyles from '../../components/AuthShell.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './InvitationPage.module.css';

export const InvitationPage = () => {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery(validateInviteQuery(token));
  const [step, setStep] = useState<'accept' | 'account'>('accept');

  useEffect(() => {
    if (!token) {
      notify.error('Invalid Link', 'No invitation token found');
      void navigate(ROUTES.home, { replace: true });
    }
  }, [token, navigate]);

  useEffect(() => {
    if (invite.isError) {
      notify.error('Invalid Invitation', 'This invitation link is not valid');
      void navigate(ROUTES.home, { replace: true });
    }
  }, [invite.isError, navigate]);

  if (!token || invite.isError) return null;
  if (!invite.data) return <FullScreenMessage text="VALIDATING INVITATION..." />;

  const { workspace, invitedBy, email } = invite.data.invite;
  if (step === 'accept') {
    return (
      <AuthShell
        title="You're invited"
        above={
          <span className={authShellStyles.cardBadge} aria-hidden>
            <MailOpen size={28} />
          </span>
        }
      >
        <div className={styles.summary}>
          <p className={styles.line}>
            <strong>{invitedBy}</strong> invited you to join
          </p>
          <p className={styles.workspace}>{workspace.name}</p>
        </div>
        <div className={formStyles.row}>
          <Button size="lg" onClick={() => setStep('account')}>
            Accept Invitation
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate(ROUTES.home)}>
            Decline
          </Button>
        </div>
      </AuthShell>
    );
  }
  return <InviteAccountForm token={token} workspaceName={workspace.name} email={email ?? ''} />;
};

const InviteAccountForm = ({
  token,
  workspaceName,
  email,
}: {
  token: string;
  workspaceName: string;
  email: string;
}) => {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvite>({
    resolver: zodResolver(AcceptInviteSchema),
    defaultValues: { email, firstName: '', lastName: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await acceptInvite(token, values);
      await qc.invalidateQueries({ queryKey: authKeys.user });
      void navigate(ROUTES.home);
    } catch (err) {
      notify.error('Failed to create account', errorMessage(err, 'Please try again.'));
    }
  });

  return (
    <AuthShell title="Create your account" subtitle={`You're joining ${workspaceName}.`}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Email" error={errors.email?.message}>
          <input className={formStyles.input} type="email" autoComplete="email" {...register('email')} />
        </Field>
        <div className={formStyles.grid}>
          <Field label="First name" error={errors.firstName?.message}>
            <input className={formStyles.input} autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            <input className={formStyles.input} autoComplete="family-name" {...register('lastName')} />
          </Field>
        </div>
        <Field label="Password" error={errors.password?.message} hint="At least 8 characters.">
          <input className={formStyles.input} type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Button type="submit" size="lg" className={formStyles.submit} loading={isSubmitting}>
          Create Account &amp; Join
        </Button>
      </form>
    </AuthShell>
  );
};
