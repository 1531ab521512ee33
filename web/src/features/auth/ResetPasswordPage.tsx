// Choosing a new password from the emailed link (`/reset-password?token=…`). Every session of the account ends, so
// the person signs in again with the new password.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authKeys, confirmPasswordReset } from '../../api/auth.js';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { NewPasswordSchema, type NewPassword } from './password-schema.js';
import authShellStyles from '../../components/AuthShell.module.css';
import formStyles from '../../components/ui/form.module.css';

export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const confirm = useMutation({ mutationFn: confirmPasswordReset });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const askAgain = (
    <p>
      Link not working? <Link to={ROUTES.forgotPassword}>Ask for a new one</Link>
    </p>
  );

  if (!token)
    return (
      <AuthShell title="This link is incomplete" footer={askAgain}>
        <p className={authShellStyles.cardNotice} role="alert">
          Open the link from the email exactly as it was sent, or ask for a new one.
        </p>
      </AuthShell>
    );

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await confirm.mutateAsync({ token, newPassword });
      notify.success('Password updated', 'Log in with your new password.');
      // every session of the account ended, this browser's too
      qc.setQueryData(authKeys.user, null);
      void navigate(ROUTES.login, { replace: true });
    } catch (err) {
      notify.error('Password not changed', errorMessage(err, 'Please try again.'));
    }
  });

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="At least 8 characters. You will then log in with it."
      footer={askAgain}
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="New password" error={errors.newPassword?.message}>
          <input
            className={formStyles.input}
            type="password"
            autoComplete="new-password"
            {...register('newPassword')}
          />
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          <input
            className={formStyles.input}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </Field>
        <Button type="submit" size="lg" className={formStyles.submit} loading={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthShell>
  );
};
