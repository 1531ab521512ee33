// Edit a channel's topic (the line in its header) and purpose (its description) after it was made.
import { zodResolver } from '@hookform/resolvers/zod';
import { DESCRIPTION_TOO_LONG, TOPIC_TOO_LONG, type Channel } from '@teamchat/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useUpdateChannel } from '../../api/channels.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import formStyles from '../../components/ui/form.module.css';
import dialogStyles from '../../components/ui/Dialog.module.css';

const EditChannelFormSchema = z.object({
  topic: z.string().max(250, TOPIC_TOO_LONG),
  description: z.string().max(500, DESCRIPTION_TOO_LONG),
});
type EditChannelForm = z.infer<typeof EditChannelFormSchema>;

export const EditChannelDialog = ({
  open,
  onOpenChange,
  channel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  channel: Channel;
}) => {
  const update = useUpdateChannel();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EditChannelForm>({
    resolver: zodResolver(EditChannelFormSchema),
    defaultValues: { topic: channel.topic ?? '', description: channel.description ?? '' },
  });
  useEffect(() => {
    if (open) reset({ topic: channel.topic ?? '', description: channel.description ?? '' });
  }, [open, channel.topic, channel.description, reset]);

  const onSubmit = handleSubmit(async ({ topic, description }) => {
    // only what changed is sent, so an unchanged field posts no "set the purpose" message
    const body: { topic?: string | null; description?: string | null } = {};
    if (topic.trim() !== (channel.topic ?? '')) body.topic = topic.trim() || null;
    if (description.trim() !== (channel.description ?? '')) body.description = description.trim() || null;
    if (body.topic === undefined && body.description === undefined) {
      onOpenChange(false);
      return;
    }
    try {
      await update.mutateAsync({ channelId: channel.id, ...body });
      notify.success('Channel updated', `#${channel.name}'s details were saved.`);
      onOpenChange(false);
    } catch (err) {
      notify.error(errorMessage(err, 'Could not update the channel. Please try again.'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Edit #${channel.name}`}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Field label="Topic" error={errors.topic?.message} hint="Shown in the channel header.">
          <input className={formStyles.input} placeholder="What is being discussed now?" {...register('topic')} />
        </Field>
        <Field label="Purpose" error={errors.description?.message}>
          <textarea
            className={`${formStyles.input} ${formStyles.textarea}`}
            rows={3}
            placeholder="What is this channel about?"
            {...register('description')}
          />
        </Field>
        <div className={dialogStyles.actions}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
