import { act, render, screen } from '@testing-library/react';
import { AppToaster } from '../components/AppToaster.js';
import { ThemeProvider } from '../theme/ThemeProvider.js';
import { notify, TOAST_DURATION_MS, TOAST_VISIBLE } from './toast.js';

describe('toasts', () => {
  it('last 5000 ms and show one at a time', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_VISIBLE).toBe(1);
    render(
      <ThemeProvider>
        <AppToaster />
      </ThemeProvider>,
    );
    act(() => notify.success('Channel created'));
    expect(await screen.findByText('Channel created')).toBeInTheDocument();
    act(() => notify.error('Failed to create DM channel'));
    expect(await screen.findByText('Failed to create DM channel')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.getAttribute('data-visible') === 'true')).toHaveLength(1);
  });
});
