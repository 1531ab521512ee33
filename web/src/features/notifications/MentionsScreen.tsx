// The Mentions view (issue 19): messages that name you or your channel, and reactions to your messages, newest first.
// Opening it marks them read; each entry opens its message.
import type { Channel, CustomReaction, MentionItem, PublicUser } from '@teamchat/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AtSign, Megaphone, SmilePlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button.js';
import { ROUTES } from '../../routes.js';
import { authKeys } from '../../api/auth.js';
import { dmsQuery } from '../../api/channels.js';
import { usersQuery } from '../../api/users.js';
import { displayName, useNamePrefs } from '../../lib/display-name.js';
import { dmName } from '../chat/dm-people.js';
import { formatTime } from '../chat/format.js';
import { customReactionsQuery } from '../settings/api.js';
import { MENTIONS_KEY, markMentionsRead, mentionsQuery } from './api.js';
import tasksScreenStyles from '../tasks/TasksScreen.module.css';
import styles from './MentionsScreen.module.css';

export const MENTIONS_TEXTS = {
  title: 'Mentions & reactions',
  subtitle: 'Where someone needs you',
  empty: 'Nothing yet. When someone mentions you or reacts to your messages, it shows up here.',
} as const;

const Reaction = ({ id, customs }: { id: string; customs: CustomReaction[] | undefined }) => {
  const custom = customs?.find((c) => c.id === id);
  return custom ? <img className={styles.custom} src={custom.imageUrl} alt={`:${custom.name}:`} /> : <span>{id}</span>;
};

const what = (item: MentionItem, where: string, customs: CustomReaction[] | undefined) => {
  switch (item.kind) {
    case 'mention':
      return <>mentioned you in {where}</>;
    case 'channel':
      return <>notified everyone in {where}</>;
    case 'reaction':
      return (
        <>
          reacted <Reaction id={item.reactionId ?? ''} customs={customs} /> to your message in {where}
        </>
      );
  }
};

/** Who and where, by the names the rest of the app uses: a DM by its people, never its stored name. */
const useNames = () => {
  const prefs = useNamePrefs();
  const users = useQuery(usersQuery());
  const dms = useQuery({ ...dmsQuery(), enabled: false });
  const me = useQuery<{ id: string }>({ queryKey: authKeys.user, enabled: false });
  return useMemo(() => {
    const people: readonly PublicUser[] = users.data ?? [];
    const byId = new Map(people.map((u) => [u.id, u]));
    const dmById = new Map<string, Channel>((dms.data ?? []).map((dm) => [dm.id, dm]));
    return {
      who: (item: MentionItem) => displayName(byId.get(item.userId), prefs, item.username),
      where: (item: MentionItem) => {
        const dm = dmById.get(item.channelId);
        return dm ? dmName(dm, me.data?.id, people, prefs) : item.channelName;
      },
    };
  }, [users.data, dms.data, me.data, prefs]);
};

const ICONS = { mention: AtSign, channel: Megaphone, reaction: SmilePlus } as const;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

export const MentionsScreen = () => {
  const qc = useQueryClient();
  const mentions = useInfiniteQuery(mentionsQuery());
  const customs = useQuery(customReactionsQuery());
  const names = useNames();
  const markRead = useMutation({
    mutationFn: markMentionsRead,
    // the entries stay as shown (unread ones marked) until the next visit; the sidebar count clears now
    onSuccess: () =>
      qc.setQueryData<typeof mentions.data>(MENTIONS_KEY, (data) =>
        data ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? { ...p, unread: 0 } : p)) } : data,
      ),
  });
  const unread = mentions.data?.pages[0]?.unread ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread > 0) mutate();
  }, [unread, mutate]);

  const items = mentions.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className={tasksScreenStyles.screen}>
      <header className={tasksScreenStyles.header}>
        <div>
          <h1 className={tasksScreenStyles.headerTitle}>{MENTIONS_TEXTS.title}</h1>
          <p className={tasksScreenStyles.headerSubtitle}>{MENTIONS_TEXTS.subtitle}</p>
        </div>
      </header>
      {mentions.isPending ? (
        <p className={styles.empty}>Loading…</p>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{MENTIONS_TEXTS.empty}</p>
      ) : (
        <ul className={styles.mentions} aria-label="Mentions and reactions">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <li key={`${item.kind}-${item.messageId}-${item.at}-${item.userId}`}>
                <Link
                  className={[styles.item, item.unread ? styles.isUnread : ''].filter(Boolean).join(' ')}
                  to={ROUTES.channelAt(item.channelId, item.messageId)}
                  data-testid="mention-item"
                >
                  <Icon size={16} className={styles.icon} aria-hidden="true" />
                  <span className={styles.text}>
                    <span>
                      <strong>{names.who(item)}</strong> {what(item, names.where(item), customs.data)}
                      {item.unread ? <span className={styles.new}>New</span> : null}
                    </span>
                    {item.content ? <span className={styles.content}>{item.content}</span> : null}
                  </span>
                  <time className={styles.time} dateTime={item.at}>
                    {day(item.at)} {formatTime(item.at).slice(0, 5)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {mentions.hasNextPage ? (
        <Button variant="outline" loading={mentions.isFetchingNextPage} onClick={() => void mentions.fetchNextPage()}>
          Show older
        </Button>
      ) : null}
    </div>
  );
};
