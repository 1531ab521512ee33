// A change to the channel the server posted ("Ada joined", "Ada added Pat", "Ada set the topic: …"): one muted,
// centred line with its time, apart from what people wrote (no avatar, no actions, no reactions).
import type { Message, PublicUser, SystemEvent } from '@teamchat/contracts';
import {
  Archive,
  ArchiveRestore,
  Info,
  Lock,
  LogIn,
  LogOut,
  PencilLine,
  UserMinus,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { memo } from 'react';
import { DEFAULT_NAME_PREFS, displayName, useNamePrefs, type NamePrefs } from '../../lib/display-name.js';
import { formatTime } from './format.js';
import styles from './SystemMessageRow.module.css';

const ICONS: Record<SystemEvent, LucideIcon> = {
  joined: LogIn,
  left: LogOut,
  added: UserPlus,
  removed: UserMinus,
  topic: PencilLine,
  purpose: PencilLine,
  archived: Archive,
  unarchived: ArchiveRestore,
  converted: Lock,
  renamed: PencilLine,
};

export const isSystemMessage = (message: Pick<Message, 'kind'>): boolean => message.kind === 'system';

const nameOf = (id: string, usersById: ReadonlyMap<string, PublicUser>, prefs: NamePrefs) =>
  displayName(usersById.get(id), prefs);

const list = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The line shown for a system message: the sentence the server stored, or, when it stored none, one worded from
 * what happened with today's names.
 */
export const systemMessageText = (
  message: Message,
  usersById: ReadonlyMap<string, PublicUser>,
  prefs: NamePrefs = DEFAULT_NAME_PREFS,
): string => {
  if (message.content?.trim()) return message.content;
  const system = message.system;
  if (!system) return '';
  const actor = nameOf(system.actorId, usersById, prefs);
  const others = list((system.userIds ?? []).map((id) => nameOf(id, usersById, prefs)));
  switch (system.event) {
    case 'joined':
      return `${actor} joined`;
    case 'left':
      return `${actor} left`;
    case 'added':
      return `${actor} added ${others}`;
    case 'removed':
      return `${actor} removed ${others}`;
    case 'topic':
      return system.text ? `${actor} set the topic: ${system.text}` : `${actor} cleared the topic`;
    case 'purpose':
      return system.text ? `${actor} set the purpose: ${system.text}` : `${actor} cleared the purpose`;
    case 'archived':
      return `${actor} archived the channel`;
    case 'unarchived':
      return `${actor} unarchived the channel`;
    case 'converted':
      return `${actor} made the channel private`;
    case 'renamed':
      return `${actor} renamed the channel to #${system.text ?? ''}`;
  }
};

export const SystemMessageRow = memo(
  ({
    message,
    usersById,
    highlighted,
  }: {
    message: Message;
    usersById: ReadonlyMap<string, PublicUser>;
    highlighted?: boolean;
  }) => {
    const Icon = message.system ? ICONS[message.system.event] : Info;
    return (
      <li
        className={[styles.system, highlighted ? styles.opened : ''].filter(Boolean).join(' ')}
        data-testid="system-message"
        data-message-id={message.id}
        data-event={message.system?.event}
        aria-current={highlighted ? 'true' : undefined}
      >
        <span className={styles.line}>
          <Icon size={13} aria-hidden className={styles.icon} />
          <span className={styles.text}>{systemMessageText(message, usersById, useNamePrefs())}</span>
          <time className={styles.time} dateTime={message.createdAt}>
            {formatTime(message.createdAt).slice(0, 5)}
          </time>
        </span>
      </li>
    );
  },
);
SystemMessageRow.displayName = 'SystemMessageRow';
