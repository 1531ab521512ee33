// New section: a non-blank name; new sections get order 0.
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateSectionSchema } from '@teamchat/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useCreateSection } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { notify } from '../../lib/toast.js';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

const CreateSectionFormSchema = CreateSectionSchema.pick({ name: true });
type CreateSectionForm = z.infer<typeof CreateSectionFormSchema>;

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
  } = useForm<CreateSectionForm>({ resolver: zodResolver(CreateSectionFormSchema), defaultValues: { name: '' } });

  useEffect(() => {
    if (open) reset({ name: '' });
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await createSection.mutateAsync(name);
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
