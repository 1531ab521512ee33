// Profile: read-only username, handle (reverts on failure), about me with counter, profile image ≤ 3 MB, status.
// One form with one Save for what is typed (handle, about me); the image and the status apply as soon as they are picked.
import { HandleSchema, TOO_LARGE_MESSAGES, UPLOAD_LIMITS, type CurrentUser } from '@teamchat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { authKeys } from '../../api/auth.js';
import { uploadFile } from '../../api/uploads.js';
import { updateUser, userKeys } from '../../api/users.js';
import { Button } from '../../components/ui/Button.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { PICKER_STATUSES, STATUS_LABELS, isPickerStatus, saveUserStatus, useUserStatus } from '../chat/status.js';
import { Avatar } from '../chat/ui.js';
import { StorageKeys, readLocal, writeLocal } from '../widgets/storage-keys.js';
import { updateHandle } from './api.js';

export const ABOUT_ME_MAX = 500;
export const PROFILE_IMAGE_MAX_BYTES = UPLOAD_LIMITS.profile;

/** Spec 2 §5: the handle is optional; when given it must pass the shared rule. */
export const validateHandle = (handle: string): string | null => {
  if (handle === '') return null;
  const parsed = HandleSchema.safeParse(handle);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/** Spec 2 §5: an image type, under 3 MB. */
export const validateProfileImage = (file: File): string | null => {
  if (!file.type.startsWith('image/')) return 'Please upload an image file.';
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return TOO_LARGE_MESSAGES.profile;
  return null;
};

export const ProfileTab = ({ user }: { user: CurrentUser }) => {
  const qc = useQueryClient();
  const storedHandle = user.handle ?? readLocal(StorageKeys.profileHandle) ?? '';
  const [handle, setHandle] = useState(storedHandle);
  const [handleError, setHandleError] = useState<string | null>(null);
  const storedAboutMe = user.aboutMe ?? readLocal(StorageKeys.profileAboutMe) ?? '';
  const [aboutMe, setAboutMe] = useState(storedAboutMe);
  const [image, setImage] = useState(user.profileImageUrl ?? readLocal(StorageKeys.profileImage));
  const [imageError, setImageError] = useState<string | null>(null);
  const status = useUserStatus();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), statusHint: useId() };

  useEffect(() => {
    writeLocal(StorageKeys.profileUsername, user.username);
  }, [user.username]);

  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: authKeys.user }), qc.invalidateQueries({ queryKey: userKeys.all })]);

  const saveHandle = useMutation({
    mutationFn: (next: string) => updateHandle(user.id, next),
    onSuccess: async (_data, next) => {
      writeLocal(StorageKeys.profileHandle, next);
      await refresh();
    },
    onError: (err) => {
      // Spec 2 §8: the field goes back to the stored value.
      setHandle(storedHandle);
      notify.error(errorMessage(err, 'Failed to update handle. Please try again.'));
    },
  });

  const saveProfile = useMutation({
    mutationFn: (patch: { aboutMe: string }) => updateUser(user.id, patch),
    onSuccess: async (_data, patch) => {
      writeLocal(StorageKeys.profileAboutMe, patch.aboutMe);
      await refresh();
    },
    onError: () => notify.error('Failed to update profile. Please try again.'),
  });

  const saveImage = useMutation({
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

  /** Saves what changed: the handle through its own call (it can be taken), then about me; one toast for both. */
  const submit = async () => {
    const next = handle.trim();
    const error = validateHandle(next);
    setHandleError(error);
    if (error) return;
    const handleChanged = next !== '' && next !== storedHandle;
    const aboutChanged = aboutMe !== storedAboutMe;
    try {
      if (handleChanged) await saveHandle.mutateAsync(next);
      if (handleChanged && !aboutChanged) {
        notify.success('Handle updated');
        return;
      }
      await saveProfile.mutateAsync({ aboutMe });
      notify.success('Profile updated');
    } catch {
      // each mutation reported its own failure (and the handle went back to the stored one)
    }
  };

  const chooseImage = (file: File | undefined) => {
    if (!file) return;
    const error = validateProfileImage(file);
    setImageError(error);
    if (!error) saveImage.mutate(file);
  };

  return (
    <form
      className="tc-settings-section tc-profile"
      aria-labelledby={ids.heading}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={ids.heading} className="tc-settings-section__title">
        Profile
      </h3>
      <div className="tc-profile__image">
        <Avatar name={user.username} src={image} size={64} />
        <div>
          <button
            type="button"
            className="btn btn--outline btn--sm"
            onClick={() => fileInput.current?.click()}
            disabled={saveImage.isPending}
          >
            <ImageUp size={14} aria-hidden="true" /> {saveImage.isPending ? 'Uploading…' : 'Change profile image'}
          </button>
          <p className="field__hint">PNG, JPEG, GIF or WebP, under 3MB.</p>
          {imageError ? (
            <p className="field__error" role="alert">
              {imageError}
            </p>
          ) : null}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label="Profile image"
          onChange={(e) => {
            chooseImage(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>

      <label className="field">
        <span className="field__label">Username</span>
        <input className="input" value={user.username} readOnly aria-readonly="true" />
        <span className="field__hint">Your username comes from your account and cannot be changed.</span>
      </label>

      <div className="field">
        <label className="field__label" htmlFor="profile-handle">
          Handle
        </label>
        <input
          id="profile-handle"
          className="input"
          value={handle}
          maxLength={50}
          onChange={(e) => {
            setHandle(e.target.value);
            setHandleError(null);
          }}
          aria-invalid={handleError ? true : undefined}
          placeholder="your_handle"
        />
        {handleError ? (
          <p className="field__error" role="alert">
            {handleError}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label className="field__label" htmlFor="profile-about">
          About me
        </label>
        <textarea
          id="profile-about"
          className="input textarea"
          rows={4}
          maxLength={ABOUT_ME_MAX}
          value={aboutMe}
          onChange={(e) => setAboutMe(e.target.value.slice(0, ABOUT_ME_MAX))}
          placeholder="Tell your team about yourself"
        />
        <span className="field__counter" aria-live="polite">
          {aboutMe.length}/{ABOUT_ME_MAX}
        </span>
      </div>

      <div className="field">
        <label className="field__label" htmlFor="profile-status">
          Status
        </label>
        <select
          id="profile-status"
          className="input select"
          value={status}
          aria-describedby={ids.statusHint}
          onChange={(e) => {
            if (!isPickerStatus(e.target.value)) return;
            saveUserStatus(e.target.value);
            updateUser(user.id, { status: e.target.value })
              .then(refresh)
              .catch(() => notify.error('Failed to update profile. Please try again.'));
          }}
        >
          {PICKER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <span id={ids.statusHint} className="field__hint">
          Your status and profile image change as soon as you pick them.
        </span>
      </div>

      <div className="tc-form__actions">
        <Button type="submit" loading={saveHandle.isPending || saveProfile.isPending}>
          Save Profile
        </Button>
      </div>
    </form>
  );
};
