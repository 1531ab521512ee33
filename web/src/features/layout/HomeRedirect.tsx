// `/` goes to the first channel of the sidebar (first section, first channel) once the lists have loaded.
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { channelsQuery, sectionsQuery } from '../../api/channels.js';
import { FullScreenMessage } from '../../components/FullScreenMessage.js';
import { ROUTES } from '../../routes.js';
import { firstChannel } from './sort.js';

export const HomeRedirect = () => {
  const channels = useQuery(channelsQuery());
  const sections = useQuery(sectionsQuery());
  if (!channels.data || (!sections.data && !sections.isError)) return <FullScreenMessage text="LOADING CHANNEL..." />;
  const first = firstChannel(channels.data, sections.data ?? []);
  if (!first) return <FullScreenMessage text="SELECT A CHANNEL..." />;
  return <Navigate to={ROUTES.channel(first.id)} replace />;
};
