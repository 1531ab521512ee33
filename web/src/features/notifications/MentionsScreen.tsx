// The Mentions view (issue 19): messages that name you or your channel, and reactions to your messages, newest first.
// Opening it marks them read; each entry opens its message.
import type { CustomReaction, MentionItem } from '@teamchat/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AtSign, Megaphone, SmilePlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button.js';
import { ROUTES } from '../../routes.js';
import { formatTime } from '../chat/format.js';
import { customReactionsQuery } from '../settings/api.js';
import { MENTIONS_KEY, markMentionsRead, mentionsQuery } from './api.js';
import './notifications.css';

export const MENTIONS_TEXTS = {
  title: 'Mentions & reactions',
  subtitle: 'Where someone needs you',
  empty: 'Nothing yet. When someone mentions you or reacts to your messages, it shows up here.',
} as const;

const Reaction = ({ id, customs }: { id: string; customs: CustomReaction[] | undefined }) => {
  const custom = customs?.find((c) => c.id === id);
  return custom ? (
    <img className="tc-mentions__custom" src={custom.imageUrl} alt={`:${custom.name}:`} />
  ) : (
    <span className="tc-mentions__emoji">{id}</span>
  );
};

const what = (item: MentionItem, customs: CustomReaction[] | undefined) => {
  switch (item.kind) {
    case 'mention':
      return <>mentioned you in {item.channelName}</>;
    case 'channel':
      return <>notified everyone in {item.channelName}</>;
    case 'reaction':
      return (
        <>
          reacted <Reaction id={item.reactionId ?? ''} customs={customs} /> to your message in {item.channelName}
        </>
      );
  }
};

const ICONS = { mention: AtSign, channel: Megaphone, reaction: SmilePlus } as const;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

export const MentionsScreen = () => {
  const qc = useQueryClient();
  const mentions = useInfiniteQuery(mentionsQuery());
  const customs = useQuery(customReactionsQuery());
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
    <div className="tc-tasks-screen tc-mentions-screen">
      <header className="tc-tasks-header">
        <div>
          <h1 className="tc-tasks-header__title">{MENTIONS_TEXTS.title}</h1>
          <p className="tc-tasks-header__subtitle">{MENTIONS_TEXTS.subtitle}</p>
        </div>
      </header>
      {mentions.isPending ? (
        <p className="tc-mentions__empty">Loading…</p>
      ) : items.length === 0 ? (
        <p className="tc-mentions__empty">{MENTIONS_TEXTS.empty}</p>
      ) : (
        <ul className="tc-mentions" aria-label="Mentions and reactions">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <li key={`${item.kind}-${item.messageId}-${item.at}-${item.userId}`}>
                <Link
                  className={`tc-mentions__item${item.unread ? ' is-unread' : ''}`}
                  to={ROUTES.channelAt(item.channelId, item.messageId)}
                  data-testid="mention-item"
                >
                  <Icon size={16} className="tc-mentions__icon" aria-hidden="true" />
                  <span className="tc-mentions__text">
                    <span className="tc-mentions__line">
                      <strong>{item.username}</strong> {what(item, customs.data)}
                      {item.unread ? <span className="tc-mentions__new">New</span> : null}
                    </span>
                    {item.content ? <span className="tc-mentions__content">{item.content}</span> : null}
                  </span>
                  <time className="tc-mentions__time" dateTime={item.at}>
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
