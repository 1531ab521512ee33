// Spec 2 §2 channel screen /channel/{id}: resizable 70/30 split of the conversation and the widget panel.
import type { Channel, CurrentUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import { WORKSPACE_READ_ONLY_MESSAGE } from '@teamchat/contracts';
import { authUserQuery } from '../../api/auth.js';
import { useWorkspaceReadOnly } from '../../api/workspaces.js';
import { channelQuery, channelsQuery, dmsQuery } from '../../api/channels.js';
import { usePeople } from '../../api/directory.js';
import { FullScreenMessage } from '../../components/FullScreenMessage.js';
import { useIsMobile } from '../../lib/use-media-query.js';
import { WidgetPanel } from '../widgets/WidgetPanel.js';
import { ArchivedBar, ARCHIVED_TEXT, JOIN_TO_REPLY, JoinBar } from '../channels/ChannelBars.js';
import { MentionNonMembersNotice } from '../channels/MentionNonMembersNotice.js';
import { isChannelAdmin } from '../channels/permissions.js';
import { ChannelWritableContext } from '../channels/channel-writable.js';
import { Modal } from './ui.js';
import { ChannelHeader, isDirect } from './ChannelHeader.js';
import { Composer } from './Composer.js';
import { ReadOnlyBanner } from './ReadOnlyBanner.js';
import { useOutbox, useTypingUsernames, typingText } from './live-store.js';
import { MessageList } from './MessageList.js';
import { StatusSelector } from './StatusSelector.js';
import { useMessageJump } from './use-message-jump.js';
import { useSendMessage } from './use-send-message.js';
import { usePanelSize } from '../widgets/panel-size.js';
import { ThreadPanel } from './threads/ThreadPanel.js';
import { useOpenThread } from './threads/thread-store.js';
import styles from './ChannelScreen.module.css';

export const SELECT_CHANNEL_TEXT = 'SELECT A CHANNEL...';
/** A link to a channel that does not exist, or that is private and the user is not in (the server answers 404 alike). */
export const CHANNEL_NOT_FOUND_TEXT = 'Channel not found. It does not exist, or you do not have access to it.';
export const PANEL_LAYOUT = { left: 70, leftMin: 50, right: 30, rightMin: 20, rightMax: 40 } as const;

const NOBODY: readonly string[] = [];

export const ChannelScreen = () => {
  const { id } = useParams();
  const { data: user } = useQuery(authUserQuery());
  const channels = useQuery(channelsQuery());
  const dms = useQuery(dmsQuery());
  const listed: Channel | undefined = id
    ? [...(channels.data ?? []), ...(dms.data ?? [])].find((c) => c.id === id)
    : undefined;
  const listsLoading = channels.isPending || dms.isPending;
  // Not in the sidebar: a public channel previewed before joining, an archived one, or one the user may not see.
  const lookup = useQuery({ ...channelQuery(id ?? ''), enabled: !!id && !listed && !listsLoading });
  const channel = listed ?? lookup.data;

  // The shell holds the socket (useLiveUpdates) and clears the unread count of the channel on screen.
  if (!user) return null;
  if (!channel) {
    const loading = id && (listsLoading || lookup.isPending);
    if (loading) return <FullScreenMessage text="LOADING CHANNEL..." />;
    return (
      <FullScreenMessage text={SELECT_CHANNEL_TEXT}>
        {id ? (
          <p className={styles.notFound} data-testid="channel-not-found">
            {CHANNEL_NOT_FOUND_TEXT}
          </p>
        ) : null}
      </FullScreenMessage>
    );
  }
  return <ChannelView key={channel.id} channel={channel} user={user} />;
};

const ChannelView = ({ channel, user }: { channel: Channel; user: CurrentUser }) => {
  // the people a conversation names in its header (a DM's), looked up by id: never the whole roster; authors, pins,
  // threads and notices look up their own
  const named = usePeople(isDirect(channel) ? (channel.participantIds ?? NOBODY) : NOBODY);
  const users = useMemo(() => [...named.values()], [named]);
  const narrow = useIsMobile();
  const density = usePanelSize();
  const panelRef = usePanelRef();
  const [collapsed, setCollapsed] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const outgoing = useOutbox(channel.id);
  const typists = useTypingUsernames(channel.id);
  const { send, retry, discard } = useSendMessage(user);
  const usersById = useMemo(() => new Map(users.map((u) => [u.id, u])), [users]);
  const jump = useMessageJump();
  const readOnly = useWorkspaceReadOnly(user.workspaceId);
  const previewing = channel.joined === false;
  const archived = channel.archived === true;
  const threadRootId = useOpenThread(channel.id);
  // a thread opens in the right-hand panel (in place of the widgets), shown even if the widgets were hidden
  useEffect(() => {
    if (threadRootId && !narrow) panelRef.current?.expand();
  }, [threadRootId, narrow, panelRef]);
  const threadPanel = threadRootId ? (
    <ThreadPanel
      key={threadRootId}
      rootId={threadRootId}
      channelId={channel.id}
      user={user}
      users={users}
      disabledReason={
        readOnly ? WORKSPACE_READ_ONLY_MESSAGE : archived ? ARCHIVED_TEXT : previewing ? JOIN_TO_REPLY : null
      }
    />
  ) : null;

  const showPanel = () => {
    if (narrow) setSheetOpen(true);
    else panelRef.current?.expand();
  };
  const hidePanel = () => {
    if (narrow) setSheetOpen(false);
    else panelRef.current?.collapse();
  };

  const conversation = (
    <section className={styles.conversation} data-density={density} aria-label="Conversation">
      <ChannelHeader
        channel={channel}
        user={user}
        users={users}
        panelCollapsed={narrow ? !sheetOpen : collapsed}
        onShowPanel={showPanel}
      />
      <MessageList
        channelId={channel.id}
        usersById={usersById}
        currentUserId={user.id}
        outgoing={outgoing}
        onRetry={retry}
        onDiscard={discard}
        jump={jump}
      />
      <div className={styles.typing} aria-live="polite" data-testid="typing-indicator">
        {typingText(typists)}
      </div>
      <StatusSelector user={user} compact={density === 'compact'} />
      {readOnly ? <ReadOnlyBanner user={user} /> : null}
      {archived ? (
        <ArchivedBar channel={channel} canUnarchive={isChannelAdmin(channel, user) && !readOnly} />
      ) : previewing ? (
        <JoinBar channel={channel} />
      ) : (
        <>
          <MentionNonMembersNotice channel={channel} users={users} />
          <Composer
            channelId={channel.id}
            user={user}
            onSend={(content, imageUrl, file) => send(channel.id, content, imageUrl, file ?? null)}
            disabledReason={readOnly ? WORKSPACE_READ_ONLY_MESSAGE : null}
          />
        </>
      )}
    </section>
  );

  if (narrow) {
    return (
      <ChannelWritableContext.Provider value={!previewing && !archived}>
        <div className={styles.screen}>
          {threadPanel ?? conversation}
          <Modal open={sheetOpen} onOpenChange={setSheetOpen} title="PANEL" className={styles.panelSheet}>
            <WidgetPanel user={user} onHide={hidePanel} />
          </Modal>
        </div>
      </ChannelWritableContext.Provider>
    );
  }

  return (
    <ChannelWritableContext.Provider value={!previewing && !archived}>
      <Group orientation="horizontal" className={styles.screen} id="channel-split">
        <Panel id="conversation" defaultSize={`${PANEL_LAYOUT.left}%`} minSize={`${PANEL_LAYOUT.leftMin}%`}>
          {conversation}
        </Panel>
        <Separator className="resize-handle" aria-label="Resize panel" />
        <Panel
          id="widgets"
          panelRef={panelRef}
          defaultSize={`${PANEL_LAYOUT.right}%`}
          minSize={`${PANEL_LAYOUT.rightMin}%`}
          maxSize={`${PANEL_LAYOUT.rightMax}%`}
          collapsible
          collapsedSize="0%"
          onResize={(size) => setCollapsed(size.asPercentage === 0)}
        >
          {collapsed ? null : (threadPanel ?? <WidgetPanel user={user} onHide={hidePanel} />)}
        </Panel>
      </Group>
    </ChannelWritableContext.Provider>
  );
};
