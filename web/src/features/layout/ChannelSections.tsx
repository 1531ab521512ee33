// Collapsible channel sections; channels drag to reorder within a section or into another one, and right-click a
// channel to move it to another section (the user's own sidebar only); right-click a section to delete it (or rename
// one of the user's own).
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
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
import { listDropId, sectionOf, sidebarCollisions, UNSECTIONED } from './sidebar-dnd.js';
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
  /** The section a channel is being dragged into from another one (its list is marked). */
  const [dropInto, setDropInto] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onReorder = (group: Channel[], channelId: string, newIndex: number) => {
    const optimistic = reorderWithin(allChannels, group, channelId, newIndex);
    reorder.mutate({ channelId, newOrder: newIndex, optimistic });
  };
  /** Into another section (at `at`, else its end), in the user's own sidebar. */
  const onMove = (channelId: string, sectionId: string, at?: number) => {
    const target = groups.get(sectionId) ?? [];
    const newOrder = at ?? target.length;
    const optimistic = moveToSection(allChannels, target, channelId, sectionId, newOrder);
    reorder.mutate({ channelId, newOrder, sectionId, optimistic });
  };

  /** The channel on the move into another section: a copy of it follows the pointer there. */
  const moving = dropInto ? allChannels.find((c) => c.id === dragged) : undefined;
  const onDragOver = ({ active, over }: DragOverEvent) => {
    setDragged(String(active.id));
    const to = sectionOf(over);
    setDropInto(to && to !== sectionOf(active) && to !== UNSECTIONED ? to : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDropInto(null);
    setDragged(null);
    const from = sectionOf(active);
    const to = sectionOf(over);
    if (!over || !from || !to) return;
    const id = String(active.id);
    const group = groups.get(to === UNSECTIONED ? null : to) ?? [];
    if (from === to) {
      const newIndex = group.findIndex((c) => c.id === over.id);
      if (over.id !== active.id && newIndex >= 0) onReorder(group, id, newIndex);
    } else if (to !== UNSECTIONED) {
      // onto a channel: takes its place; onto the list itself (or a gap): its end
      const at = group.findIndex((c) => c.id === over.id);
      onMove(id, to, at >= 0 ? at : group.length);
    }
  };

  const unsectioned = groups.get(null) ?? [];
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={sidebarCollisions}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDropInto(null);
        setDragged(null);
      }}
    >
      {unsectioned.length > 0 ? (
        <SectionBlock
          title="CHANNELS"
          sectionKey={UNSECTIONED}
          channels={unsectioned}
          sections={sections}
          unread={unread}
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
            sectionKey={section.id}
            dropTarget={dropInto === section.id}
            title={section.name}
            channels={channels}
            sections={sections}
            unread={unread}
            onMove={onMove}
            onDelete={() => dialogs.deleteSection(section)}
            onRename={section.personal ? () => dialogs.renameSection(section) : undefined}
            onNavigate={onNavigate}
          />
        );
      })}
      <DragOverlay dropAnimation={null}>
        {moving ? (
          <div className={`${sidebarStyles.link} ${sidebarStyles.dragGhost}`} aria-hidden>
            <ChannelGlyph channel={moving} size={15} className={sidebarStyles.linkIcon} />
            <span className={sidebarStyles.linkLabel}>{moving.name}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};

interface SectionBlockProps {
  title: string;
  section?: Section;
  /** Its key in drag data: the section's id, or UNSECTIONED. */
  sectionKey: string;
  /** A channel from another section is being dragged over it. */
  dropTarget?: boolean;
  channels: Channel[];
  /** Every section of the sidebar: where a channel may move to. */
  sections: Section[];
  unread: ReadonlyMap<string, number>;
  onMove: (channelId: string, sectionId: string) => void;
  onDelete?: () => void;
  onRename?: (() => void) | undefined;
  onNavigate?: (() => void) | undefined;
}

const SectionBlock = ({
  title,
  section,
  sectionKey,
  dropTarget = false,
  channels,
  sections,
  unread,
  onMove,
  onDelete,
  onRename,
  onNavigate,
}: SectionBlockProps) => {
  const [open, setOpen] = useState(true);
  const { setNodeRef: setListRef } = useDroppable({ id: listDropId(sectionKey), data: { section: sectionKey } });

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
        <SortableContext id={sectionKey} items={channels.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          <ul
            ref={setListRef}
            className={[sidebarStyles.list, dropTarget ? sidebarStyles.isDropTarget : ''].filter(Boolean).join(' ')}
            aria-label={`${title} channels`}
            data-drop-target={dropTarget || undefined}
          >
            {channels.map((channel) => (
              <SortableChannel
                key={channel.id}
                sectionKey={sectionKey}
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
      </Collapsible.Content>
    </Collapsible.Root>
  );
};

const SortableChannel = ({
  sectionKey,
  channel,
  unread,
  targets,
  onMove,
  onNavigate,
}: {
  sectionKey: string;
  channel: Channel;
  unread: number;
  /** The sections it may move to (all but its own). */
  targets: Section[];
  onMove: (sectionId: string) => void;
  onNavigate?: (() => void) | undefined;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channel.id,
    data: { section: sectionKey },
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
