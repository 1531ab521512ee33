import { normalizeIcon, type ChannelIcon as ChannelIconName } from '@teamchat/contracts';
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
