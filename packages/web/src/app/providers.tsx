// Only the first route's styles here; the signed-in screens' styles load with the frame.
import './styles/firstRoute.ts';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@portal/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* Spec section 2/9: toasts bottom-right, closing after 4 s. */}
      <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      {/* Confirm dialogs are for signed-in screens: their provider is in the frame (AppFrame). */}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
