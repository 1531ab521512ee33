// The profile image with its "Change profile image" button; a picked image applies at once.
import type { CurrentUser } from '@teamchat/contracts';
import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { Avatar } from '../../chat/ui.js';
import { useProfileImage } from './use-profile-image.js';
import buttonStyles from '../../../components/ui/Button.module.css';
import formStyles from '../../../components/ui/form.module.css';
import styles from './ProfileImageField.module.css';

export const ProfileImageField = ({ user }: { user: CurrentUser }) => {
  const { image, error, uploading, choose } = useProfileImage(user);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.image}>
      <Avatar name={user.username} src={image} size={64} />
      <div>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.outline} ${buttonStyles.sm}`}
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
        >
          <ImageUp size={14} aria-hidden="true" /> {uploading ? 'Uploading…' : 'Change profile image'}
        </button>
        <p className={formStyles.hint}>PNG, JPEG, GIF or WebP, under 3MB.</p>
        {error ? (
          <p className={formStyles.error} role="alert">
            {error}
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
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
};
