// The shell's dialogs live above the sidebar so they survive the switch between the desktop pane and the
// mobile drawer (a resize or rotation must not drop a half-filled form).
import type { Section, WorkspaceListItem } from '@teamchat/contracts';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useDeleteSection } from '../../api/channels.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { notify } from '../../lib/toast.js';
import { CreateChannelDialog } from './CreateChannelDialog.js';
import { ChannelBrowser } from '../channels/ChannelBrowser.js';
import { CreateSectionDialog } from './CreateSectionDialog.js';
import { RenameSectionDialog } from './RenameSectionDialog.js';
import { StartDmDialog } from './StartDmDialog.js';
import { WorkspaceSettingsDialog } from './WorkspaceSettingsDialog.js';

type Open =
  | { kind: 'channel' }
  | { kind: 'browse' }
  | { kind: 'section' }
  | { kind: 'dm' }
  | { kind: 'settings'; workspaceId: string }
  | { kind: 'delete-section'; section: Section }
  | { kind: 'rename-section'; section: Section }
  | null;

interface ShellDialogsApi {
  createChannel: () => void;
  browseChannels: () => void;
  createSection: () => void;
  startDm: () => void;
  workspaceSettings: (workspace: WorkspaceListItem) => void;
  deleteSection: (section: Section) => void;
  /** One of the user's own sections. */
  renameSection: (section: Section) => void;
}

const ShellDialogsContext = createContext<ShellDialogsApi | undefined>(undefined);

export const useShellDialogs = (): ShellDialogsApi => {
  const ctx = useContext(ShellDialogsContext);
  if (!ctx) throw new Error('useShellDialogs must be used within ShellDialogsProvider');
  return ctx;
};

interface Props {
  sections: Section[];
  workspaces: WorkspaceListItem[];
  currentUserId: string;
  children: ReactNode;
}

export const ShellDialogsProvider = ({ sections, workspaces, currentUserId, children }: Props) => {
  const [open, setOpen] = useState<Open>(null);
  const removeSection = useDeleteSection();
  const close = () => setOpen(null);

  const api = useMemo<ShellDialogsApi>(
    () => ({
      createChannel: () => setOpen({ kind: 'channel' }),
      browseChannels: () => setOpen({ kind: 'browse' }),
      createSection: () => setOpen({ kind: 'section' }),
      startDm: () => setOpen({ kind: 'dm' }),
      workspaceSettings: (ws) => setOpen({ kind: 'settings', workspaceId: ws.id }),
      deleteSection: (section) => setOpen({ kind: 'delete-section', section }),
      renameSection: (section) => setOpen({ kind: 'rename-section', section }),
    }),
    [],
  );

  const confirmDelete = async (section: Section) => {
    try {
      await removeSection.mutateAsync(section.id);
      notify.success('Section deleted', `${section.name} was removed.`);
    } catch {
      notify.error('This section may contain channels. Remove channels first.');
    } finally {
      close();
    }
  };

  const settingsFor = open?.kind === 'settings' ? workspaces.find((w) => w.id === open.workspaceId) : undefined;
  const toDelete = open?.kind === 'delete-section' ? open.section : null;
  const toRename = open?.kind === 'rename-section' ? open.section : null;

  return (
    <ShellDialogsContext.Provider value={api}>
      {children}
      <CreateChannelDialog
        open={open?.kind === 'channel'}
        onOpenChange={(o) => !o && close()}
        sections={sections}
        currentUserId={currentUserId}
      />
      <ChannelBrowser open={open?.kind === 'browse'} onOpenChange={(o) => !o && close()} />
      <CreateSectionDialog open={open?.kind === 'section'} onOpenChange={(o) => !o && close()} />
      <RenameSectionDialog section={toRename} onOpenChange={(o) => !o && close()} />
      <StartDmDialog open={open?.kind === 'dm'} onOpenChange={(o) => !o && close()} currentUserId={currentUserId} />
      {settingsFor ? (
        <WorkspaceSettingsDialog open onOpenChange={(o) => !o && close()} workspace={settingsFor} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && close()}
        title="Delete section?"
        description={
          toDelete?.personal
            ? `"${toDelete.name}" will be removed from your sidebar. Its channels go back to their workspace sections.`
            : `"${toDelete?.name ?? ''}" will be removed from the sidebar. Sections that still contain channels cannot be deleted.`
        }
        confirmLabel="Delete Section"
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        pending={removeSection.isPending}
      />
    </ShellDialogsContext.Provider>
  );
};
