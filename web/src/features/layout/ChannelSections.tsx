// Collapsible channel sections; channels drag to reorder within a section; right-click a section to delete it.
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
import { ChevronRight, GripVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useReorderChannel } from '../../api/channels.js';
import { ChannelIcon } from '../../components/ChannelIcon.js';
import { ROUTES } from '../../routes.js';
import { useShellDialogs } from './ShellDialogs.js';
import { reorderWithin } from './sort.js';

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

  const unsectioned = groups.get(null) ?? [];
  return (
    <>
      {unsectioned.length > 0 ? (
        <SectionBlock
          title="CHANNELS"
          channels={unsectioned}
          unread={unread}
          onReorder={(id, index) => onReorder(unsectioned, id, index)}
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
            unread={unread}
            onReorder={(id, index) => onReorder(channels, id, index)}
            onDelete={() => dialogs.deleteSection(section)}
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
  unread: ReadonlyMap<string, number>;
  onReorder: (channelId: string, newIndex: number) => void;
  onDelete?: () => void;
  onNavigate?: (() => void) | undefined;
}

const SectionBlock = ({ title, section, channels, unread, onReorder, onDelete, onNavigate }: SectionBlockProps) => {
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
    <Collapsible.Trigger className="sidebar-section__trigger" data-section-id={section?.id}>
      <ChevronRight size={14} className="sidebar-section__chevron" aria-hidden />
      <span className="sidebar-section__title">{title}</span>
      <span className="sidebar-section__count" aria-label={`${channels.length} channels`}>
        {channels.length}
      </span>
    </Collapsible.Trigger>
  );

  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className="sidebar-section"
      data-testid={section ? `section-${section.id}` : 'section-unsectioned'}
    >
      {onDelete ? (
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>{header}</ContextMenu.Trigger>
          <ContextMenu.Portal>
            <ContextMenu.Content className="menu" aria-label={`${title} actions`}>
              <ContextMenu.Item className="menu__item menu__item--danger" onSelect={onDelete}>
                <Trash2 size={14} aria-hidden /> Delete Section
              </ContextMenu.Item>
            </ContextMenu.Content>
          </ContextMenu.Portal>
        </ContextMenu.Root>
      ) : (
        header
      )}
      <Collapsible.Content className="sidebar-section__content">
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={channels.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <ul className="sidebar-list" aria-label={`${title} channels`}>
              {channels.map((channel) => (
                <SortableChannel
                  key={channel.id}
                  channel={channel}
                  unread={unread.get(channel.id) ?? 0}
                  onNavigate={onNavigate}
                />
              ))}
              {channels.length === 0 ? <li className="sidebar-list__empty">No channels yet</li> : null}
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
  onNavigate,
}: {
  channel: Channel;
  unread: number;
  onNavigate?: (() => void) | undefined;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: channel.id,
  });
  return (
    <li
      ref={setNodeRef}
      className={['sidebar-item', isDragging ? 'is-dragging' : ''].filter(Boolean).join(' ')}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-channel-id={channel.id}
    >
      <NavLink
        to={ROUTES.channel(channel.id)}
        className={({ isActive }) =>
          ['sidebar-link', isActive ? 'is-active' : '', unread > 0 ? 'has-unread' : ''].filter(Boolean).join(' ')
        }
        onClick={onNavigate}
      >
        <ChannelIcon icon={channel.icon} size={15} className="sidebar-link__icon" />
        <span className="sidebar-link__label">{channel.name}</span>
        {unread > 0 ? (
          <span className="badge" aria-label={`${unread} unread`}>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </NavLink>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="sidebar-item__handle"
        aria-label={`Reorder ${channel.name}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical size={14} aria-hidden />
      </button>
    </li>
  );
};
