// New channel: name, description, section (defaults to the first one), visibility and people to add.
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateChannelSchema, type Section } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Hash, Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { useCreateChannel } from '../../api/channels.js';
import { usersQuery } from '../../api/users.js';
import { PeoplePicker } from '../channels/PeoplePicker.js';
import channelStyles from '../channels/channels.module.css';
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
  visibility: z.enum(['public', 'private']),
  participantIds: z.array(z.string()),
});
type CreateChannelForm = z.infer<typeof CreateChannelFormSchema>;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: Section[];
  defaultSectionId?: string | null;
  currentUserId: string;
}

const blankForm = (sectionId: string): CreateChannelForm => ({
  name: '',
  description: '',
  sectionId,
  visibility: 'public',
  participantIds: [],
});

export const VISIBILITY_OPTIONS = {
  public: { label: 'Public', hint: 'Anyone in the workspace can find, read and join it.' },
  private: { label: 'Private', hint: 'Only the people in it can find and read it.' },
} as const;

export const CreateChannelDialog = ({ open, onOpenChange, sections, defaultSectionId, currentUserId }: Props) => {
  const navigate = useNavigate();
  const createChannel = useCreateChannel();
  const users = useQuery({ ...usersQuery(), enabled: open });
  const others = (users.data ?? []).filter((u) => u.id !== currentUserId);
  const firstSectionId = defaultSectionId ?? sections[0]?.id ?? '';
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateChannelForm>({
    resolver: zodResolver(CreateChannelFormSchema),
    defaultValues: blankForm(firstSectionId),
  });

  useEffect(() => {
    if (open) reset(blankForm(firstSectionId));
  }, [open, firstSectionId, reset]);

  const onSubmit = handleSubmit(async ({ name, description, sectionId, visibility, participantIds }) => {
    try {
      const channel = await createChannel.mutateAsync({
        name,
        description: description.trim() || null,
        sectionId: sectionId || null,
        // spec 1 §6 sends name, description and section: the rest only when chosen (public is the default)
        ...(visibility === 'private' ? { visibility } : {}),
        ...(participantIds.length > 0 ? { participantIds } : {}),
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
                {s.personal ? `${s.name} (only you)` : s.name}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className={channelStyles.visibility}>
          <legend className={formStyles.label}>Visibility</legend>
          {(['public', 'private'] as const).map((v) => (
            <label key={v} className={channelStyles.visibilityOption}>
              <input type="radio" value={v} {...register('visibility')} />
              {v === 'private' ? <Lock size={16} aria-hidden /> : <Hash size={16} aria-hidden />}
              <span className={channelStyles.visibilityText}>
                <strong>{VISIBILITY_OPTIONS[v].label}</strong>
                <span>{VISIBILITY_OPTIONS[v].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={formStyles.field}>
          <span className={formStyles.label} id="create-channel-people">
            Add people (optional)
          </span>
          <Controller
            control={control}
            name="participantIds"
            render={({ field }) => (
              <PeoplePicker users={others} picked={field.value} onChange={field.onChange} label="Add people" />
            )}
          />
        </div>
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
