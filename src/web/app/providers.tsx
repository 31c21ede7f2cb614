import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { currentDialog, subscribe } from '../components/ui/alert-dialog-store.ts';
import { LazyQueryClientProvider } from '../lib/query/query-provider.tsx';

// Toasts only follow a user's action, so their container loads after the page has painted.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

// The dialog (Radix) loads when a first alert or confirmation opens, not with every page.
const AlertDialogHost = lazy(async () => ({
  default: (await import('../components/ui/alert-dialog.tsx')).AlertDialogHost,
}));

function DeferredAlertDialogHost() {
  const open = useSyncExternalStore(
    subscribe,
    () => currentDialog() !== undefined,
    () => false,
  );
  const [used, setUsed] = useState(false);
  // Stays mounted once loaded, so closing a dialog animates and focus returns as before.
  if (open && !used) setUsed(true);
  if (!used && !open) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialogHost />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LazyQueryClientProvider>
      {children}
      <DeferredAlertDialogHost />
      {/* Spec §9: toasts top-right, 4000 ms by default. */}
      <Suspense fallback={null}>
        <Toaster position="top-right" duration={4000} richColors closeButton />
      </Suspense>
    </LazyQueryClientProvider>
  );
}
