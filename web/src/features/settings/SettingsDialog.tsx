// Spec 2 §2 settings: Appearance, Profile, Reactions for everyone; Billing and Admin for admins only (5 tabs vs 3).
import * as Tabs from '@radix-ui/react-tabs';
import type { CurrentUser } from '@teamchat/contracts';
import { useEffect, useState } from 'react';
import { Modal } from '../chat/ui.js';
import { AdminTab } from './AdminTab.js';
import { AppearanceTab } from './AppearanceTab.js';
import { BillingTab } from './BillingTab.js';
import { ProfileTab } from './ProfileTab.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { NotificationSettings } from '../notifications/NotificationSettings.js';
import { ReactionsTab } from './ReactionsTab.js';
import tabsStyles from '../../components/ui/tabs.module.css';
import styles from './SettingsDialog.module.css';

export type SettingsTab = 'appearance' | 'profile' | 'reactions' | 'billing' | 'admin';

export const TAB_LABELS: Record<SettingsTab, string> = {
  appearance: 'Appearance',
  profile: 'Profile',
  reactions: 'Reactions',
  billing: 'Billing',
  admin: 'Admin',
};

export const NO_PERMISSION = {
  billing: "You don't have permission to access billing settings.",
  admin: "You don't have permission to access admin settings.",
} as const;

export const visibleTabs = (isAdmin: boolean): SettingsTab[] =>
  isAdmin ? ['appearance', 'profile', 'reactions', 'billing', 'admin'] : ['appearance', 'profile', 'reactions'];

export const SettingsDialog = ({
  open,
  onOpenChange,
  initialTab = 'appearance',
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: SettingsTab;
  user: CurrentUser;
}) => {
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  useEffect(() => {
    if (open) setTab(initialTab);
  }, [open, initialTab]);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Settings" className={styles.settings}>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as SettingsTab)}>
        <Tabs.List className={`${tabsStyles.tabs} ${tabsStyles.settings}`} aria-label="Settings sections">
          {visibleTabs(user.isAdmin).map((t) => (
            <Tabs.Trigger key={t} value={t} className={tabsStyles.tab}>
              {TAB_LABELS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className={styles.body}>
          <Tabs.Content value="appearance">
            <AppearanceTab />
          </Tabs.Content>
          <Tabs.Content value="profile">
            <ProfileTab user={user} />
            <NotificationSettings />
            <ChangePasswordForm />
          </Tabs.Content>
          <Tabs.Content value="reactions">
            <ReactionsTab user={user} />
          </Tabs.Content>
          <Tabs.Content value="billing">
            {user.isAdmin ? <BillingTab user={user} /> : <p className={styles.permission}>{NO_PERMISSION.billing}</p>}
          </Tabs.Content>
          <Tabs.Content value="admin">
            {user.isAdmin ? <AdminTab user={user} /> : <p className={styles.permission}>{NO_PERMISSION.admin}</p>}
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </Modal>
  );
};
