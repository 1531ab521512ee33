// New channel: name, description, section (defaults to the first one).
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateChannelSchema, type Section } from '@teamchat/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { useCreateChannel } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

const CreateChannelFormSchema = CreateChannelSchema.pick({ name: true }).extend({
  description: z.string().max(500, 'Description too long'),
  sectionId: z.string(),
});
type CreateChannelForm = z.infer<typeof CreateChannelFormSchema>;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: Section[];
  defaultSectionId?: string | null;
}

export const CreateChannelDialog = ({ open, onOpenChange, sections, defaultSectionId }: Props) => {
  const navigate = useNavigate();
  const createChannel = useCreateChannel();
  const firstSectionId = defaultSectionId ?? sections[0]?.id ?? '';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateChannelForm>({
    resolver: zodResolver(CreateChannelFormSchema),
    defaultValues: { name: '', description: '', sectionId: firstSectionId },
  });

  useEffect(() => {
    if (open) reset({ name: '', description: '', sectionId: firstSectionId });
  }, [open, firstSectionId, reset]);

  const onSubmit = handleSubmit(async ({ name, description, sectionId }) => {
    try {
      const channel = await createChannel.mutateAsync({
        name,
        description: description.trim() || null,
        sectionId: sectionId || null,
      });
      notify.success('Channel created', `#${channel.name} is ready.`);
      onOpenChange(false);
      void navigate(ROUTES.channel(channel.id));
    } catch {
      notify.error('Failed to create channel. Please try again.');
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Channel"
      description="Channels are where your team talks about a topic."
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Name" error={errors.name?.message} prefix="#">
          <input className={formStyles.input} placeholder="design-review" autoFocus {...register('name')} />
        </Field>
        <Field label="Description (optional)" error={errors.description?.message}>
          <input className={formStyles.input} placeholder="What is this channel about?" {...register('description')} />
        </Field>
        <Field label="Section">
          <select className={`${formStyles.input} ${formStyles.select}`} {...register('sectionId')}>
            {sections.length === 0 ? <option value="">No section</option> : null}
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <div className={dialogStyles.actions}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={createChannel.isPending}>
            Create Channel
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
