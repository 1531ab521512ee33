// The profile form's one Save for what is typed: the handle through its own call (it can be taken), then about me;
// one toast for both.
import type { CurrentUser } from '@teamchat/contracts';
import { notify } from '../../../lib/toast.js';
import { useAboutMeField } from './use-about-me-field.js';
import { useHandleField } from './use-handle-field.js';

export const useProfileForm = (user: CurrentUser) => {
  const handle = useHandleField(user);
  const aboutMe = useAboutMeField(user);

  /** Saves what changed. */
  const submit = async () => {
    const next = handle.validated();
    if (next === null) return;
    const handleChanged = next !== '' && next !== handle.stored;
    try {
      if (handleChanged) await handle.save.mutateAsync(next);
      if (handleChanged && !aboutMe.changed) {
        notify.success('Handle updated');
        return;
      }
      await aboutMe.save.mutateAsync({ aboutMe: aboutMe.value });
      notify.success('Profile updated');
    } catch {
      // each mutation reported its own failure (and the handle went back to the stored one)
    }
  };

  return { handle, aboutMe, submit, saving: handle.save.isPending || aboutMe.save.isPending };
};
