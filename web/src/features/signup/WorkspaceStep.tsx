// Step 3: name the workspace, optionally with a logo.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateWorkspace } from '../../api/workspaces.js';
import { ImagePicker } from '../../components/ImagePicker.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { PNG_JPEG_TYPES } from '../../lib/image-file.js';
import { notify } from '../../lib/toast.js';
import { SignupWorkspaceSchema, type SignupWorkspace } from './signup.schemas.js';
import formStyles from '../../components/ui/form.module.css';

export const WorkspaceStep = () => {
  const createWorkspace = useCreateWorkspace();
  const [logo, setLogo] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupWorkspace>({ resolver: zodResolver(SignupWorkspaceSchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await createWorkspace.mutateAsync({ name, profileImageUrl: logo });
      notify.success('Workspace Created', `${name} is ready.`);
    } catch {
      notify.error('Failed to create workspace');
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Workspace">
      <Field label="Workspace name" error={errors.name?.message}>
        <input className={formStyles.input} autoComplete="organization" placeholder="Acme Inc." {...register('name')} />
      </Field>
      <ImagePicker
        kind="logo"
        label="Workspace logo (optional)"
        value={logo}
        onChange={setLogo}
        onUploadingChange={setUploading}
        accept={PNG_JPEG_TYPES}
      />
      <Button
        type="submit"
        size="lg"
        className={formStyles.submit}
        loading={createWorkspace.isPending}
        disabled={uploading}
      >
        {createWorkspace.isPending ? 'Creating...' : 'Create Workspace'}
      </Button>
    </form>
  );
};
