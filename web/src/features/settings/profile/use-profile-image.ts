// The profile image: checked (an image under 3 MB), uploaded and applied as soon as it is picked.
import { TOO_LARGE_MESSAGES, UPLOAD_LIMITS, type CurrentUser } from '@teamchat/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFile } from '../../../api/uploads.js';
import { updateUser } from '../../../api/users.js';
import { notify } from '../../../lib/toast.js';
import { StorageKeys, readLocal, writeLocal } from '../../widgets/storage-keys.js';
import { useRefreshProfile } from './use-refresh-profile.js';

export const PROFILE_IMAGE_MAX_BYTES = UPLOAD_LIMITS.profile;

/** Spec 2 §5: an image type, under 3 MB. */
export const validateProfileImage = (file: File): string | null => {
  if (!file.type.startsWith('image/')) return 'Please upload an image file.';
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return TOO_LARGE_MESSAGES.profile;
  return null;
};

export const useProfileImage = (user: CurrentUser) => {
  const refresh = useRefreshProfile();
  const [image, setImage] = useState(user.profileImageUrl ?? readLocal(StorageKeys.profileImage));
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (file: File) => {
      const url = await uploadFile(file, 'profile');
      await updateUser(user.id, { profileImageUrl: url });
      return url;
    },
    onSuccess: async (url) => {
      setImage(url);
      if (!writeLocal(StorageKeys.profileImage, url)) {
        notify.error('Storage quota exceeded', 'Your profile image is too large. Please use a smaller image.');
      }
      await refresh();
      notify.success('Profile updated');
    },
    onError: () => notify.error('Failed to update profile. Please try again.'),
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = validateProfileImage(file);
    setError(problem);
    if (!problem) save.mutate(file);
  };

  return { image, error, uploading: save.isPending, choose };
};
