// `/` goes to the first channel once the channel list has loaded.
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { channelsQuery } from '../../api/channels.js';
import { FullScreenMessage } from '../../components/FullScreenMessage.js';
import { ROUTES } from '../../routes.js';

export const HomeRedirect = () => {
  const { data: channels } = useQuery(channelsQuery());
  const first = channels?.find((c) => c.type !== 'direct');
  if (!channels) return <FullScreenMessage text="LOADING CHANNEL..." />;
  if (!first) return <FullScreenMessage text="SELECT A CHANNEL..." />;
  return <Navigate to={ROUTES.channel(first.id)} replace />;
};
