// The settings dialog (with the reaction upload widget) loads when it is about to be opened: a pointer over or focus
// on a button that opens it starts the download (`preloadSettings`), and the first open shows the dialog frame until
// the code is there.
import type { CurrentUser } from '@teamchat/contracts';
import { lazy, Suspense } from 'react';
import { Modal } from '../chat/ui.js';
import type { SettingsTab } from './SettingsDialog.js';
import settingsDialogStyles from './SettingsDialog.module.css';
import noteStyles from '../../components/ui/note.module.css';

const loadSettingsDialog = () => import('./SettingsDialog.js');
const SettingsDialog = lazy(() => loadSettingsDialog().then((m) => ({ default: m.SettingsDialog })));

export const preloadSettings = (): void => void loadSettingsDialog().catch(() => undefined);
export const SETTINGS_LOADING_TEXT = 'LOADING SETTINGS...';

/** Renders nothing while closed, so the code is fetched only for a dialog someone opens. */
export const LazySettingsDialog = ({
  open,
  onOpenChange,
  initialTab,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: SettingsTab;
  user: CurrentUser;
}) =>
  open ? (
    <Suspense
      fallback={
        <Modal open onOpenChange={onOpenChange} title="Settings" className={settingsDialogStyles.settings}>
          <p className={noteStyles.note} role="status">
            {SETTINGS_LOADING_TEXT}
          </p>
        </Modal>
      }
    >
      <SettingsDialog open onOpenChange={onOpenChange} initialTab={initialTab} user={user} />
    </Suspense>
  ) : null;
