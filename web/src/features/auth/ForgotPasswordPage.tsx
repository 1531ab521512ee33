// Asking for a password reset link by email. The answer is the same whether or not the account exists.
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RESET_TTL_MINUTES, PasswordResetRequestSchema, type PasswordResetRequest } from '@teamchat/contracts';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from '../../api/auth.js';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import authShellStyles from '../../components/AuthShell.module.css';
import formStyles from '../../components/ui/form.module.css';

export const ForgotPasswordPage = () => {
  const ask = useMutation({ mutationFn: requestPasswordReset });
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await ask.mutateAsync(values);
    } catch (err) {
      notify.error('Could not send the link', errorMessage(err, 'Please try again in a moment.'));
    }
  });

  const footer = (
    <p>
      Remembered it? <Link to={ROUTES.login}>Log in</Link>
    </p>
  );

  if (ask.isSuccess)
    return (
      <AuthShell title="Check your email" footer={footer}>
        <div className={authShellStyles.cardNotice} role="status">
          <MailCheck size={20} aria-hidden />
          <p>
            {ask.data.message} It is addressed to <strong>{getValues('email')}</strong> and works once, for{' '}
            {PASSWORD_RESET_TTL_MINUTES} minutes.
          </p>
        </div>
        <Button variant="outline" size="lg" className={formStyles.submit} onClick={() => ask.reset()}>
          Use another email
        </Button>
      </AuthShell>
    );

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter the email you sign in with and we will send you a link to choose a new one."
      footer={footer}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Email" error={errors.email?.message}>
          <input
            className={formStyles.input}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...register('email')}
          />
        </Field>
        <Button type="submit" size="lg" className={formStyles.submit} loading={ask.isPending}>
          {ask.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthShell>
  );
};
