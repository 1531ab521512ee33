import { Toaster } from 'sonner';
import { useTheme } from '../theme/ThemeProvider.js';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '../lib/toast.js';

export const AppToaster = () => {
  const { theme } = useTheme();
  return (
    <Toaster
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      theme={theme === 'light' ? 'light' : 'dark'}
      closeButton
      toastOptions={{ className: 'app-toast' }}
      // Sonner's own palette follows these variables; pointing them at the theme keeps toasts on-theme.
      style={
        {
          '--normal-bg': 'var(--panel)',
          '--normal-border': 'var(--border)',
          '--normal-text': 'var(--text)',
        } as React.CSSProperties
      }
    />
  );
};
