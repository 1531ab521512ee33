// New section: a non-blank name; new sections get order 0. For everyone in the workspace (the default), or only for
// the user's own sidebar.
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateSectionSchema } from '@teamchat/contracts';
import { Hash, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateSection } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { notify } from '../../lib/toast.js';
import channelStyles from '../channels/channels.module.css';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

const CreateSectionFormSchema = CreateSectionSchema.pick({ name: true }).extend({
  audience: z.enum(['workspace', 'me']),
});
type CreateSectionForm = z.infer<typeof CreateSectionFormSchema>;

const AUDIENCES = {
  workspace: { label: 'Everyone', hint: "In the workspace's sidebar, for every member", Icon: Hash },
  me: { label: 'Only for me', hint: 'In your sidebar only: no one else sees it', Icon: UserRound },
} as const;

export const CreateSectionDialog = ({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => {
  const createSection = useCreateSection();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateSectionForm>({
    resolver: zodResolver(CreateSectionFormSchema),
    defaultValues: { name: '', audience: 'workspace' },
  });

  useEffect(() => {
    if (open) reset({ name: '', audience: 'workspace' });
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ name, audience }) => {
    try {
      await createSection.mutateAsync({ name, personal: audience === 'me' });
      notify.success('Section created', `${name} was added to the sidebar.`);
      onOpenChange(false);
    } catch {
      notify.error('Failed to create section. Please try again.');
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Section"
      description="Sections group related channels in the sidebar."
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Name" error={errors.name?.message}>
          <input className={formStyles.input} placeholder="Projects" autoFocus {...register('name')} />
        </Field>
        <fieldset className={channelStyles.visibility}>
          <legend className={formStyles.label}>Who sees it</legend>
          {(['workspace', 'me'] as const).map((a) => {
            const { label, hint, Icon } = AUDIENCES[a];
            return (
              <label key={a} className={channelStyles.visibilityOption}>
                <input type="radio" value={a} {...register('audience')} />
                <Icon size={16} aria-hidden />
                <span className={channelStyles.visibilityText}>
                  <strong>{label}</strong>
                  <span>{hint}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <div className={dialogStyles.actions}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={createSection.isPending}>
            Create Section
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
