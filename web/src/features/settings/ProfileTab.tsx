// Profile: read-only username, handle (reverts on failure), about me with counter, profile image ≤ 3 MB, status.
// One form with one Save for what is typed (handle, about me); the image and the status apply as soon as they are picked.
import type { CurrentUser } from '@teamchat/contracts';
import { useEffect, useId } from 'react';
import { Button } from '../../components/ui/Button.js';
import { StorageKeys, writeLocal } from '../widgets/storage-keys.js';
import { AboutMeField } from './profile/AboutMeField.js';
import { HandleField } from './profile/HandleField.js';
import { ProfileImageField } from './profile/ProfileImageField.js';
import { StatusField } from './profile/StatusField.js';
import { useProfileForm } from './profile/use-profile-form.js';
import { UsernameField } from './profile/UsernameField.js';
import sectionStyles from './section.module.css';
import formStyles from '../../components/ui/form.module.css';

export { ABOUT_ME_MAX } from './profile/use-about-me-field.js';
export { validateHandle } from './profile/use-handle-field.js';
export { PROFILE_IMAGE_MAX_BYTES, validateProfileImage } from './profile/use-profile-image.js';

export const ProfileTab = ({ user }: { user: CurrentUser }) => {
  const { handle, aboutMe, submit, saving } = useProfileForm(user);
  const headingId = useId();

  useEffect(() => {
    writeLocal(StorageKeys.profileUsername, user.username);
  }, [user.username]);

  return (
    <form
      className={sectionStyles.section}
      aria-labelledby={headingId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={headingId} className={sectionStyles.title}>
        Profile
      </h3>
      <ProfileImageField user={user} />
      <UsernameField username={user.username} />
      <HandleField value={handle.value} error={handle.error} onChange={handle.change} />
      <AboutMeField value={aboutMe.value} onChange={aboutMe.change} />
      <StatusField user={user} />
      <div className={formStyles.stackActions}>
        <Button type="submit" loading={saving}>
          Save Profile
        </Button>
      </div>
    </form>
  );
};
