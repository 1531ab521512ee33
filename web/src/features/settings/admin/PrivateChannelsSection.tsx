// Governance: every private channel of the workspace with its member count, for workspace admins; its messages stay
// readable by its members only.
import { Routes } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { callApi } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/request.js';
import adminStyles from './admin.module.css';
import sectionStyles from '../section.module.css';
import formStyles from '../../../components/ui/form.module.css';
import badgeStyles from '../../../components/ui/badge.module.css';

export const privateChannelsKey = ['/api/private-channels'] as const;

export const PrivateChannelsSection = () => {
  const channels = useQuery({
    queryKey: privateChannelsKey,
    queryFn: ({ signal }) => callApi(Routes.listPrivateChannels, {}, { signal }),
  });
  return (
    <section className={adminStyles.section} aria-label="Private channels">
      <h3 className={sectionStyles.title}>Private channels</h3>
      <p className={formStyles.hint}>Names and member counts only: their messages stay with their members.</p>
      {channels.isError ? (
        <p className={formStyles.error} role="alert">
          {errorMessage(channels.error, 'Could not load the private channels')}
        </p>
      ) : null}
      <ul className={adminStyles.list} aria-label="Private channels of the workspace">
        {(channels.data ?? []).map((c) => (
          <li key={c.id} className={adminStyles.listRow} data-testid="admin-private-channel">
            <Lock size={14} aria-hidden="true" />
            <span className={adminStyles.listName}>{c.name}</span>
            {c.archived ? <span className={badgeStyles.label}>Archived</span> : null}
            <span className={adminStyles.listSpacer} />
            <span className={formStyles.hint}>
              {c.memberCount} {c.memberCount === 1 ? 'member' : 'members'}
            </span>
          </li>
        ))}
        {channels.isSuccess && channels.data.length === 0 ? (
          <li className={adminStyles.listRow}>
            <span className={formStyles.hint}>No private channels yet.</span>
          </li>
        ) : null}
      </ul>
    </section>
  );
};
