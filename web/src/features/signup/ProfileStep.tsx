// Step 4: optional handle, about me and picture; skipping also finishes onboarding.
import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser, UpdateUser } from '@teamchat/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateUser } from '../../api/users.js';
import { ImagePicker } from '../../components/ImagePicker.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { PNG_JPEG_TYPES } from '../../lib/image-file.js';
import { notify } from '../../lib/toast.js';
import { SignupProfileSchema, type SignupProfile } from './signup.schemas.js';
import formStyles from '../../components/ui/form.module.css';
import styles from './ProfileStep.module.css';

const ABOUT_MAX = 500;

export const ProfileStep = ({ user }: { user: CurrentUser | null }) => {
  const updateUser = useUpdateUser();
  const [image, setImage] = useState<string | null>(user?.profileImageUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<SignupProfile>({
    resolver: zodResolver(SignupProfileSchema),
    defaultValues: { handle: user?.handle ?? '', aboutMe: user?.aboutMe ?? '' },
  });
  const aboutLength = watch('aboutMe')?.length ?? 0;

  const save = async (patch: UpdateUser, successTitle?: string) => {
    if (!user?.id) {
      notify.error('User not authenticated');
      return;
    }
    try {
      await updateUser.mutateAsync({ id: user.id, patch: { ...patch, onboardingCompleted: true } });
      if (successTitle) notify.success(successTitle, 'Welcome to your workspace.');
    } catch {
      notify.error('Failed to update profile');
    }
  };

  const onSubmit = handleSubmit(({ handle, aboutMe }) =>
    save(
      {
        ...(handle ? { handle } : {}),
        ...(aboutMe ? { aboutMe } : {}),
        ...(image ? { profileImageUrl: image } : {}),
      },
      'Profile Complete',
    ),
  );

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Profile">
      <ImagePicker
        kind="profile"
        label="Profile image (optional)"
        value={image}
        onChange={setImage}
        onUploadingChange={setUploading}
        accept={PNG_JPEG_TYPES}
        shape="round"
      />
      <Field label="Handle (optional)" error={errors.handle?.message} prefix="@">
        <input className={formStyles.input} placeholder="ada_l" autoComplete="nickname" {...register('handle')} />
      </Field>
      <Field
        label="About me (optional)"
        error={errors.aboutMe?.message}
        hint={
          <span className={aboutLength > ABOUT_MAX ? styles.overLimit : undefined}>
            {aboutLength}/{ABOUT_MAX}
          </span>
        }
      >
        <textarea
          className={`${formStyles.input} ${formStyles.textarea}`}
          rows={3}
          placeholder="What do you work on?"
          {...register('aboutMe')}
        />
      </Field>
      <div className={formStyles.row}>
        <Button type="submit" size="lg" loading={updateUser.isPending} disabled={uploading}>
          Complete Profile
        </Button>
        <Button variant="ghost" size="lg" disabled={updateUser.isPending} onClick={() => void save({})}>
          Skip for now
        </Button>
      </div>
    </form>
  );
};
