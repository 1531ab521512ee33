import { Toaster } from 'sonner';
import { useTheme } from '../theme/ThemeProvider.js';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '../lib/toast.js';
import styles from './AppToaster.module.css';

export const AppToaster = () => {
  const { theme } = useTheme();
  return (
    <Toaster
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      // top right, under the channel header: at the bottom they covered the composer's Send button for 5 s
      position="top-right"
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 64 }}
      theme={theme === 'light' ? 'light' : 'dark'}
      closeButton
      toastOptions={{ className: styles.toast }}
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
