// Step 1: create the account.
import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_SIZES, RegisterSchema } from '@teamchat/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useRegister } from '../../api/auth.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import formStyles from '../../components/ui/form.module.css';

type AccountInfoForm = z.input<typeof RegisterSchema>;

export const AccountInfoStep = () => {
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountInfoForm, unknown, z.output<typeof RegisterSchema>>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      companySize: '' as AccountInfoForm['companySize'],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
      notify.success('Account Created', 'Next, start your free trial.');
    } catch (err) {
      notify.error('Registration Failed', errorMessage(err, 'Failed to create account. Please try again.'));
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Account Info">
      <div className={formStyles.grid}>
        <Field label="First name" error={errors.firstName?.message}>
          <input className={formStyles.input} autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          <input className={formStyles.input} autoComplete="family-name" {...register('lastName')} />
        </Field>
      </div>
      <Field label="Work email" error={errors.email?.message}>
        <input
          className={formStyles.input}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...register('email')}
        />
      </Field>
      <Field label="Password" error={errors.password?.message} hint="At least 8 characters.">
        <input className={formStyles.input} type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Company size" error={errors.companySize?.message}>
        <select className={`${formStyles.input} ${formStyles.select}`} {...register('companySize')}>
          <option value="" disabled>
            Select company size
          </option>
          {COMPANY_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} users
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit" size="lg" className={formStyles.submit} loading={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account...' : 'Continue'}
      </Button>
    </form>
  );
};
