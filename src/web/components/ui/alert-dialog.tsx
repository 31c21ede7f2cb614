import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { close, currentDialog, dismissAll, subscribe } from './alert-dialog-store.ts';
import { buttonVariants } from './button.tsx';

export { confirmDialog, showAlert } from './alert-dialog-store.ts';

let hosts = 0;

export function AlertDialogHost() {
  const action = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    hosts += 1;
    return () => {
      hosts -= 1;
      // Nobody is left to answer: settle what is pending instead of showing it to a later page.
      if (hosts === 0) {
        dismissAll();
      }
    };
  }, []);
  const current = useSyncExternalStore(subscribe, currentDialog, () => undefined);
  return (
    <AlertDialogPrimitive.Root
      open={current !== undefined}
      onOpenChange={(isOpen) => {
        if (!isOpen) close(false);
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialogPrimitive.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-lg"
          {...(current?.description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // Radix focuses Cancel; an alert has none, so its OK button takes the focus.
            if (current?.kind !== 'alert') return;
            event.preventDefault();
            action.current?.focus();
          }}
        >
          <AlertDialogPrimitive.Title className="text-base font-semibold whitespace-pre-line text-slate-900">
            {current?.message}
          </AlertDialogPrimitive.Title>
          {current?.description && (
            <AlertDialogPrimitive.Description className="mt-2 text-sm text-slate-600">
              {current.description}
            </AlertDialogPrimitive.Description>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {current?.kind === 'confirm' && (
              // Cancel closes through onOpenChange, which resolves false.
              <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline' })}>
                キャンセル
              </AlertDialogPrimitive.Cancel>
            )}
            <AlertDialogPrimitive.Action
              ref={action}
              className={buttonVariants({
                variant: current?.destructive ? 'destructive' : 'default',
              })}
              onClick={(event) => {
                // Closing goes through `close` so the promise resolves true exactly once.
                event.preventDefault();
                close(true);
              }}
            >
              {current?.confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
