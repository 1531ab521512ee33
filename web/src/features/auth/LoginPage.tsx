// Email + password login (spec 1 §2 Login screen).
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema, type Login } from '@teamchat/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useLogin } from '../../api/auth.js';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import formStyles from '../../components/ui/form.module.css';

export const LoginPage = () => {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Login>({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      notify.success('Welcome Back');
      void navigate(ROUTES.home);
    } catch (err) {
      notify.error('Login Failed', errorMessage(err, 'Invalid email or password.'));
    }
  });

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Log in to your workspace."
      footer={
        <p>
          New here? <Link to={ROUTES.signup}>Sign up</Link>
        </p>
      }
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
        <Field label="Password" error={errors.password?.message}>
          <input
            className={formStyles.input}
            type="password"
            autoComplete="current-password"
            {...register('password')}
          />
        </Field>
        <p className={formStyles.aside}>
          <Link to={ROUTES.forgotPassword}>Forgot password?</Link>
        </p>
        <Button type="submit" size="lg" className={formStyles.submit} loading={loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
    </AuthShell>
  );
};
