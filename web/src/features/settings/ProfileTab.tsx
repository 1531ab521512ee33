// Profile: read-only username, handle (reverts on failure), about me with counter, profile image ≤ 3 MB, status.
import { HandleSchema, TOO_LARGE_MESSAGES, UPLOAD_LIMITS, type CurrentUser } from '@teamchat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { authKeys } from '../../api/auth.js';
import { uploadFile } from '../../api/uploads.js';
import { updateUser, userKeys } from '../../api/users.js';
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
  const [aboutMe, setAboutMe] = useState(user.aboutMe ?? readLocal(StorageKeys.profileAboutMe) ?? '');
  const [image, setImage] = useState(user.profileImageUrl ?? readLocal(StorageKeys.profileImage));
  const [imageError, setImageError] = useState<string | null>(null);
  const status = useUserStatus();
  const fileInput = useRef<HTMLInputElement>(null);

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
      notify.success('Handle updated');
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
      notify.success('Profile updated');
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

  const submitHandle = () => {
    const next = handle.trim();
    const error = validateHandle(next);
    setHandleError(error);
    if (error || next === storedHandle || next === '') return;
    saveHandle.mutate(next);
  };

  const chooseImage = (file: File | undefined) => {
    if (!file) return;
    const error = validateProfileImage(file);
    setImageError(error);
    if (!error) saveImage.mutate(file);
  };

  return (
    <div className="tc-settings-section tc-profile">
      <div className="tc-profile__image">
        <Avatar name={user.username} src={image} size={64} />
        <div>
          <button
            type="button"
            className="btn btn--primary btn--sm"
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
        <div className="tc-inline-form">
          <input
            id="profile-handle"
            className="input"
            value={handle}
            maxLength={50}
            onChange={(e) => {
              setHandle(e.target.value);
              setHandleError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submitHandle();
            }}
            aria-invalid={handleError ? true : undefined}
            placeholder="your_handle"
          />
          <button
            type="button"
            className="btn btn--primary btn--md"
            onClick={submitHandle}
            disabled={saveHandle.isPending}
          >
            Save Handle
          </button>
        </div>
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

      <label className="field">
        <span className="field__label">Status</span>
        <select
          className="input select"
          value={status}
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
      </label>

      <div className="tc-form__actions">
        <button
          type="button"
          className="btn btn--primary btn--md"
          disabled={saveProfile.isPending}
          onClick={() => saveProfile.mutate({ aboutMe })}
        >
          Save Profile
        </button>
      </div>
    </div>
  );
};
