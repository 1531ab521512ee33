import { normalizeIcon, type Channel, type ChannelIcon as ChannelIconName } from '@teamchat/contracts';
import { Bell, Hash, Lock, Megaphone, MessageCircle, MessageSquare, Users, Zap, type LucideProps } from 'lucide-react';

const ICONS: Record<ChannelIconName, React.ComponentType<LucideProps>> = {
  Hash,
  Bell,
  Megaphone,
  Lock,
  Users,
  Zap,
  MessageSquare,
  MessageCircle,
};

/** A channel's icon; unknown names fall back to Hash (spec 1 §3). */
export const ChannelIcon = ({ icon, ...props }: { icon: unknown } & LucideProps) => {
  const Icon = ICONS[normalizeIcon(icon)];
  return <Icon aria-hidden {...props} />;
};

export const PRIVATE_CHANNEL_LABEL = 'Private channel';

/** The icon a channel is listed with (sidebar, header, browser, search, quick switcher); private ones get the Lock. */
export const ChannelGlyph = ({
  channel,
  ...props
}: { channel: Pick<Channel, 'icon'> & { visibility?: Channel['visibility'] } } & LucideProps) =>
  channel.visibility === 'private' ? (
    // named, so a screen reader (and a test) hears that the channel is private
    <Lock role="img" aria-label={PRIVATE_CHANNEL_LABEL} data-visibility="private" {...props} />
  ) : (
    <ChannelIcon icon={channel.icon} {...props} />
  );
