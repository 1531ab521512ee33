// The channel browser: every public channel of the workspace and the private ones the user is in, found by name, with
// member counts and whether the user joined; opening one previews it (read before joining), Join joins it.
import type { Channel } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Archive, Check, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { browseChannelsQuery, useJoinChannel } from '../../api/channels.js';
import { ChannelGlyph } from '../../components/ChannelIcon.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { errorMessage } from '../../lib/request.js';
import { notify } from '../../lib/toast.js';
import { ROUTES } from '../../routes.js';
import { useDebouncedValue } from '../search/use-debounced-value.js';
import badgeStyles from '../../components/ui/badge.module.css';
import formStyles from '../../components/ui/form.module.css';
import noteStyles from '../../components/ui/note.module.css';
import styles from './channels.module.css';

export const BROWSE_TITLE = 'Browse Channels';
export const NO_CHANNELS_FOUND = 'NO CHANNELS FOUND';
/** Typing pauses this long before the browser asks the server again. */
export const BROWSE_DEBOUNCE_MS = 200;

export const memberCountText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export const ChannelBrowser = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), BROWSE_DEBOUNCE_MS);
  const found = useQuery({ ...browseChannelsQuery(q), enabled: open });
  const navigate = useNavigate();
  const join = useJoinChannel();

  const close = (o: boolean) => {
    if (!o) setText('');
    onOpenChange(o);
  };
  const openChannel = (channel: Channel) => {
    close(false);
    void navigate(ROUTES.channel(channel.id));
  };
  const onJoin = (channel: Channel) =>
    join.mutate(channel.id, {
      onSuccess: (joined) => {
        notify.success('Joined', `You joined #${joined.name}.`);
        openChannel(joined);
      },
      onError: (err) => notify.error(errorMessage(err, 'Could not join the channel. Please try again.')),
    });

  let body;
  if (found.isPending) body = <p className={noteStyles.note}>LOADING CHANNELS...</p>;
  else if (found.isError)
    body = <p className={`${noteStyles.note} ${noteStyles.error}`}>{errorMessage(found.error, 'Could not load')}</p>;
  else if (found.data.length === 0) body = <p className={noteStyles.note}>{NO_CHANNELS_FOUND}</p>;
  else
    body = (
      <ul className={styles.browserList} aria-label="Channels">
        {found.data.map((channel) => (
          <li key={channel.id} className={styles.browserItem} data-testid="browse-channel">
            <button
              type="button"
              className={styles.browserOpen}
              onClick={() => openChannel(channel)}
              aria-label={`Open ${channel.name}`}
            >
              <ChannelGlyph channel={channel} size={16} />
              <span className={styles.browserText}>
                <span className={styles.browserName}>{channel.name}</span>
                <span className={styles.browserMeta}>
                  <span data-testid="browse-member-count">
                    <Users size={11} aria-hidden /> {memberCountText(channel.memberCount)}
                  </span>
                  {channel.joined ? (
                    <span className={styles.joinedMark}>
                      <Check size={11} aria-hidden /> Joined
                    </span>
                  ) : null}
                  {channel.archived ? (
                    <span className={`${badgeStyles.label} ${badgeStyles.labelWarn}`}>
                      <Archive size={11} aria-hidden /> Archived
                    </span>
                  ) : null}
                  {channel.description ? (
                    <span className={styles.browserDescription}>{channel.description}</span>
                  ) : null}
                </span>
              </span>
            </button>
            {!channel.joined && !channel.archived ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onJoin(channel)}
                loading={join.isPending && join.variables === channel.id}
                aria-label={`Join ${channel.name}`}
              >
                Join
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={BROWSE_TITLE}
      description="Find a channel by name, look inside before joining, or join it."
      className={styles.browser}
    >
      <div className={styles.panelSection}>
        <div className={formStyles.affix}>
          <span className={formStyles.affixPrefix} aria-hidden>
            <Search size={14} />
          </span>
          <input
            className={formStyles.input}
            type="search"
            placeholder="Search channels..."
            aria-label="Search channels"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
        </div>
        {body}
      </div>
    </Dialog>
  );
};
