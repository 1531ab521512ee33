// Everything the screens rely on: query cache, theme, router, toasts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppToaster } from '../components/AppToaster.js';
import { createQueryClient } from '../lib/query-client.js';
import { ThemeProvider } from '../theme/ThemeProvider.js';

export const AppProviders = ({ children, client }: { children: ReactNode; client?: QueryClient }) => {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <AppToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
};
