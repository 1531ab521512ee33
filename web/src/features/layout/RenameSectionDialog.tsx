// Renames one of the user's own sections (a workspace section keeps its name).
import { zodResolver } from '@hookform/resolvers/zod';
import { RenameSectionSchema, type Section } from '@teamchat/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useRenameSection } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { notify } from '../../lib/toast.js';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

type RenameSectionForm = z.infer<typeof RenameSectionSchema>;

export const RenameSectionDialog = ({
  section,
  onOpenChange,
}: {
  section: Section | null;
  onOpenChange: (open: boolean) => void;
}) => {
  const rename = useRenameSection();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RenameSectionForm>({ resolver: zodResolver(RenameSectionSchema), defaultValues: { name: '' } });

  useEffect(() => {
    if (section) reset({ name: section.name });
  }, [section, reset]);

  const onSubmit = handleSubmit(async ({ name }) => {
    if (!section) return;
    try {
      await rename.mutateAsync({ id: section.id, name });
      onOpenChange(false);
    } catch {
      notify.error('Failed to rename section. Please try again.');
    }
  });

  return (
    <Dialog
      open={section !== null}
      onOpenChange={onOpenChange}
      title="Rename Section"
      description="Only you see this section."
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Name" error={errors.name?.message}>
          <input className={formStyles.input} autoFocus {...register('name')} />
        </Field>
        <div className={dialogStyles.actions}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename Section
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
