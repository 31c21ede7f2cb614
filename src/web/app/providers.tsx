import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
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

/**
 * On a page being hydrated the toast container waits until the browser is idle: nothing there
 * toasts before a click, and sonner shows toasts raised before its container mounted.
 */
function useToasterMounted(deferred: boolean): boolean {
  const [mounted, setMounted] = useState(!deferred);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(mount, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(mount, 1000);
    return () => window.clearTimeout(timer);
  }, [mounted]);
  return mounted;
}

export function AppProviders({
  children,
  deferToaster = false,
}: {
  children: ReactNode;
  /** A pre-rendered page: render (and hydrate) without the toast container at first. */
  deferToaster?: boolean;
}) {
  const toaster = useToasterMounted(deferToaster);
  return (
    <LazyQueryClientProvider>
      {children}
      <DeferredAlertDialogHost />
      {/* docs/spec.md §9: toasts top-right, 4000 ms by default. */}
      {toaster && (
        <Suspense fallback={null}>
          <Toaster position="top-right" duration={4000} richColors closeButton />
        </Suspense>
      )}
    </LazyQueryClientProvider>
  );
}
