// Collapsible channel sections; channels drag to reorder within a section, and right-click a channel to move it to
// another section (the user's own sidebar only); right-click a section to delete it (or rename one of the user's own).
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as ContextMenu from '@radix-ui/react-context-menu';
import type { Channel, Section } from '@teamchat/contracts';
import { ChevronRight, GripVertical, Pencil, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useReorderChannel } from '../../api/channels.js';
import { ChannelGlyph } from '../../components/ChannelIcon.js';
import { ROUTES } from '../../routes.js';
import { useShellDialogs } from './ShellDialogs.js';
import { moveToSection, reorderWithin } from './sort.js';
import sidebarStyles from './Sidebar.module.css';
import menuStyles from '../../components/ui/menu.module.css';
import badgeStyles from '../../components/ui/badge.module.css';
import { unreadBadge } from '../chat/format.js';

interface ChannelSectionsProps {
  sections: Section[];
  groups: Map<string | null, Channel[]>;
  allChannels: Channel[];
  unread: ReadonlyMap<string, number>;
  onNavigate?: () => void;
}

export const ChannelSections = ({ sections, groups, allChannels, unread, onNavigate }: ChannelSectionsProps) => {
  const reorder = useReorderChannel();
  const dialogs = useShellDialogs();

  const onReorder = (group: Channel[], channelId: string, newIndex: number) => {
    const optimistic = reorderWithin(allChannels, group, channelId, newIndex);
    reorder.mutate({ channelId, newOrder: newIndex, optimistic });
  };
  /** To the end of another section, in the user's own sidebar. */
  const onMove = (channelId: string, sectionId: string) => {
    const target = groups.get(sectionId) ?? [];
    const optimistic = moveToSection(allChannels, target, channelId, sectionId);
    reorder.mutate({ channelId, newOrder: target.length, sectionId, optimistic });
  };

  const unsectioned = groups.get(null) ?? [];
  return (
    <>
      {unsectioned.length > 0 ? (
        <SectionBlock
          title="CHANNELS"
          channels={unsectioned}
          sections={sections}
          unread={unread}
          onReorder={(id, index) => onReorder(unsectioned, id, index)}
          onMove={onMove}
          onNavigate={onNavigate}
        />
      ) : null}
      {sections.map((section) => {
        const channels = groups.get(section.id) ?? [];
        return (
          <SectionBlock
            key={section.id}
            section={section}
            title={section.name}
            channels={channels}
            sections={sections}
            unread={unread}
            onReorder={(id, index) => onReorder(channels, id, index)}
            onMove={onMove}
            onDelete={() => dialogs.deleteSection(section)}
            onRename={section.personal ? () => dialogs.renameSection(section) : undefined}
            onNavigate={onNavigate}
          />
        );
      })}
    </>
  );
};

interface SectionBlockProps {
  title: string;
  section?: Section;
  channels: Channel[];
  /** Every section of the sidebar: where a channel may move to. */
  sections: Section[];
  unread: ReadonlyMap<string, number>;
  onReorder: (channelId: string, newIndex: number) => void;
  onMove: (channelId: string, sectionId: string) => void;
  onDelete?: () => void;
  onRename?: (() => void) | undefined;
  onNavigate?: (() => void) | undefined;
}

const SectionBlock = ({
  title,
  section,
  channels,
  sections,
  unread,
  onReorder,
  onMove,
  onDelete,
  onRename,
  onNavigate,
}: SectionBlockProps) => {
  const [open, setOpen] = useState(true);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const newIndex = channels.findIndex((c) => c.id === over.id);
    if (newIndex >= 0) onReorder(String(active.id), newIndex);
  };

  const header = (
    <Collapsible.Trigger
      className={sidebarStyles.sectionTrigger}
      data-section-id={section?.id}
      data-testid="sidebar-section-trigger"
    >
      <ChevronRight size={14} className={sidebarStyles.sectionChevron} aria-hidden />
      <span className={sidebarStyles.sectionTitle} data-testid="sidebar-section-title">
        {title}
      </span>
      {section?.personal ? (
        <UserRound size={12} className={sidebarStyles.sectionPersonal} aria-label="Only you see this section" />
      ) : null}
      <span className={sidebarStyles.sectionCount} aria-label={`${channels.length} channels`}>
        {channels.length}
      </span>
    </Collapsible.Trigger>
  );

  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className={sidebarStyles.section}
      data-testid={section ? `section-${section.id}` : 'section-unsectioned'}
    >
      {onDelete ? (
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>{header}</ContextMenu.Trigger>
          <ContextMenu.Portal>
            <ContextMenu.Content className={menuStyles.menu} aria-label={`${title} actions`}>
              {onRename ? (
                <ContextMenu.Item className={menuStyles.item} onSelect={onRename}>
                  <Pencil size={14} aria-hidden /> Rename Section
                </ContextMenu.Item>
              ) : null}
              <ContextMenu.Item className={`${menuStyles.item} ${menuStyles.itemDanger}`} onSelect={onDelete}>
                <Trash2 size={14} aria-hidden /> Delete Section
              </ContextMenu.Item>
            </ContextMenu.Content>
          </ContextMenu.Portal>
        </ContextMenu.Root>
      ) : (
        header
      )}
      <Collapsible.Content>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={channels.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <ul className={sidebarStyles.list} aria-label={`${title} channels`}>
              {channels.map((channel) => (
                <SortableChannel
                  key={channel.id}
                  channel={channel}
                  unread={unread.get(channel.id) ?? 0}
                  targets={sections.filter((s) => s.id !== section?.id)}
                  onMove={(sectionId) => onMove(channel.id, sectionId)}
                  onNavigate={onNavigate}
                />
              ))}
              {channels.length === 0 ? <li className={sidebarStyles.listEmpty}>No channels yet</li> : null}
            </ul>
          </SortableContext>
        </DndContext>
      </Collapsible.Content>
    </Collapsible.Root>
  );
};

const SortableChannel = ({
  channel,
  unread,
  targets,
  onMove,
  onNavigate,
}: {
  channel: Channel;
  unread: number;
  /** The sections it may move to (all but its own). */
  targets: Section[];
  onMove: (sectionId: string) => void;
  onNavigate?: (() => void) | undefined;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channel.id,
  });
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>
        <li
          ref={setNodeRef}
          className={[sidebarStyles.item, isDragging ? sidebarStyles.isDragging : ''].filter(Boolean).join(' ')}
          style={{ transform: CSS.Transform.toString(transform), transition }}
          data-channel-id={channel.id}
        >
          <NavLink
            to={ROUTES.channel(channel.id)}
            className={({ isActive }) =>
              [sidebarStyles.link, isActive ? sidebarStyles.isActive : '', unread > 0 ? sidebarStyles.hasUnread : '']
                .filter(Boolean)
                .join(' ')
            }
            onClick={onNavigate}
          >
            <ChannelGlyph channel={channel} size={15} className={sidebarStyles.linkIcon} />
            <span className={sidebarStyles.linkLabel} data-testid="sidebar-link-label">
              {channel.name}
            </span>
            {unread > 0 ? (
              <span
                className={`${badgeStyles.count} ${sidebarStyles.badge}`}
                aria-label={`${unreadBadge(unread)} unread`}
              >
                {unreadBadge(unread)}
              </span>
            ) : null}
          </NavLink>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={sidebarStyles.itemHandle}
            aria-label={`Reorder ${channel.name}`}
            {...attributes}
            {...listeners}
          >
            <GripVertical size={14} aria-hidden />
          </button>
        </li>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={menuStyles.menu} aria-label={`${channel.name} actions`}>
          <ContextMenu.Label className={menuStyles.label}>Move to section</ContextMenu.Label>
          {targets.map((s) => (
            <ContextMenu.Item key={s.id} className={menuStyles.item} onSelect={() => onMove(s.id)}>
              {s.personal ? <UserRound size={14} aria-label="Only you" /> : null}
              {s.name}
            </ContextMenu.Item>
          ))}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
};
