// Admin → Whole-channel mentions against scripted answers: shows the policy, saves the choice and the size.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithApp } from '../../../test/render.js';
import { BroadcastMentionsSection } from './BroadcastMentionsSection.js';

describe('BroadcastMentionsSection', () => {
  it('shows the current policy and saves the admin’s choice with the size that makes a channel large', async () => {
    const { calls } = mockFetch({
      'GET /api/broadcast-mentions': { body: { adminsOnlyInLargeChannels: false, largeChannelMembers: 30 } },
      'PUT /api/broadcast-mentions': (body) => ({ body: { ...(body as object) } }),
    });
    renderWithApp(<BroadcastMentionsSection />);
    const check = screen.getByLabelText('Only admins may use @channel, @everyone and @here in large channels');
    await waitFor(() => expect(screen.getByLabelText(/Large means more than/)).toHaveValue(30));
    expect(check).not.toBeChecked();
    fireEvent.click(check);
    fireEvent.change(screen.getByLabelText(/Large means more than/), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Mentions Policy' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        adminsOnlyInLargeChannels: true,
        largeChannelMembers: 50,
      }),
    );
    expect(await screen.findByText('Whole-channel mentions updated')).toBeInTheDocument();
  });
});
