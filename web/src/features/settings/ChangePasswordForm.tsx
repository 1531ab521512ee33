// Profile → Password: the current password proves it is you; the new one ends every other session of yours.
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema } from '@teamchat/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePassword } from '../../api/auth.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { NewPasswordSchema } from '../auth/password-schema.js';
import sectionStyles from './section.module.css';
import formStyles from '../../components/ui/form.module.css';

const FormSchema = z.intersection(ChangePasswordSchema.pick({ currentPassword: true }), NewPasswordSchema);
type Form = z.infer<typeof FormSchema>;

export const ChangePasswordForm = () => {
  const change = useMutation({ mutationFn: changePassword });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(FormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      notify.success('Password changed', 'You were signed out everywhere else.');
    } catch (err) {
      const message = errorMessage(err, 'Failed to change password. Please try again.');
      // the server names the field at fault (a wrong current password, a new one equal to it)
      const field = /current password/i.test(message)
        ? 'currentPassword'
        : /new password/i.test(message)
          ? 'newPassword'
          : null;
      if (field) setError(field, { message });
      else notify.error(message);
    }
  });

  return (
    <form className={sectionStyles.section} onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <h3 id="password-heading" className={sectionStyles.title}>
        Password
      </h3>
      <Field label="Current password" error={errors.currentPassword?.message}>
        <input
          className={formStyles.input}
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
        />
      </Field>
      <Field label="New password" error={errors.newPassword?.message}>
        <input className={formStyles.input} type="password" autoComplete="new-password" {...register('newPassword')} />
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        <input
          className={formStyles.input}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
      </Field>
      <div className={formStyles.stackActions}>
        <Button type="submit" loading={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
};
