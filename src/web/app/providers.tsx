import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AlertDialogHost } from '../components/ui/alert-dialog.tsx';

// Toasts only follow a user's action, so their container loads after the page has painted.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <AlertDialogHost />
      {/* Spec §9: toasts top-right, 4000 ms by default. */}
      <Suspense fallback={null}>
        <Toaster position="top-right" duration={4000} richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
