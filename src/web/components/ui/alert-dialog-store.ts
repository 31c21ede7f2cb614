/**
 * The specification's alerts and confirmations, shown as accessible in-page dialogs instead of
 * `window.alert`/`window.confirm` (which block the page, cannot be styled and are skipped by
 * some embedded browsers). Callable from anywhere, like a toast; `AlertDialogHost`
 * (alert-dialog.tsx, loaded by the app providers when a first dialog opens) renders the one
 * that is open. This file holds no UI, so every page can import it without Radix.
 */
export interface PendingDialog {
  kind: 'alert' | 'confirm';
  message: string;
  description?: string;
  confirmLabel: string;
  destructive: boolean;
  resolve: (confirmed: boolean) => void;
}

let queue: PendingDialog[] = [];

/** The dialog on screen (the first in the queue), if any. */
export function currentDialog(): PendingDialog | undefined {
  return queue[0];
}
const listeners = new Set<() => void>();

function publish(next: PendingDialog[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function open(dialog: Omit<PendingDialog, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => publish([...queue, { ...dialog, resolve }]));
}

/** Shows `message` verbatim with an OK button; resolves when the user closes it. */
export async function showAlert(message: string, description?: string): Promise<void> {
  await open({
    kind: 'alert',
    message,
    ...(description ? { description } : {}),
    confirmLabel: 'OK',
    destructive: false,
  });
}

/** Asks `message` verbatim; resolves true only when the user confirms. */
export function confirmDialog(
  message: string,
  options: { confirmLabel?: string; destructive?: boolean; description?: string } = {},
): Promise<boolean> {
  return open({
    kind: 'confirm',
    message,
    ...(options.description ? { description: options.description } : {}),
    confirmLabel: options.confirmLabel ?? 'OK',
    destructive: options.destructive ?? false,
  });
}

export function close(confirmed: boolean): void {
  const [current, ...rest] = queue;
  if (!current) return;
  publish(rest);
  current.resolve(confirmed);
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Settles every pending dialog as cancelled (nobody is left to show them). */
export function dismissAll(): void {
  const pending = queue;
  publish([]);
  for (const dialog of pending) dialog.resolve(false);
}
