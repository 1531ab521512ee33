// Create a workspace by name; shown to users without one and at /create-workspace for more.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { WorkspaceNameSchema } from '@teamchat/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { authUserQuery, logout } from '../../api/auth.js';
import { useCreateWorkspace } from '../../api/workspaces.js';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import buttonStyles from '../../components/ui/Button.module.css';
import formStyles from '../../components/ui/form.module.css';

const CreateWorkspaceFormSchema = z.object({ name: WorkspaceNameSchema });
type CreateWorkspaceForm = z.infer<typeof CreateWorkspaceFormSchema>;

export const CreateWorkspacePage = () => {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: user } = useQuery(authUserQuery());
  const createWorkspace = useCreateWorkspace();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateWorkspaceForm>({ resolver: zodResolver(CreateWorkspaceFormSchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await createWorkspace.mutateAsync({ name });
      // The new workspace becomes the current one: every cached list belongs to the old one.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/user' });
      notify.success('Workspace Created');
      void navigate(ROUTES.home);
    } catch {
      notify.error('Failed to create workspace');
    }
  });

  const hasWorkspace = Boolean(user?.workspaceId);
  return (
    <AuthShell
      title={hasWorkspace ? 'Create another workspace' : 'Create your workspace'}
      subtitle="Give your team a home. You can invite colleagues once it exists."
      backToHome={hasWorkspace}
      footer={
        hasWorkspace ? undefined : (
          <p>
            Signed in as {user?.email}.{' '}
            <button type="button" className={buttonStyles.link} onClick={logout}>
              Log out
            </button>
          </p>
        )
      }
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Workspace name" error={errors.name?.message}>
          <input
            className={formStyles.input}
            autoComplete="organization"
            placeholder="Acme Inc."
            {...register('name')}
          />
        </Field>
        <Button type="submit" size="lg" className={formStyles.submit} loading={createWorkspace.isPending}>
          {createWorkspace.isPending ? 'Creating...' : 'Create Workspace'}
        </Button>
      </form>
    </AuthShell>
  );
};
