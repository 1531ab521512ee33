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
    />
  );
};
