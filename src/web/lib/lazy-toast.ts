/**
 * Toasts for screens that visitors open first (pricing): sonner loads on the first message
 * instead of with the page. Screens behind sign-in import sonner directly.
 */
export function lazyToast(kind: 'info' | 'error' | 'success', message: string): void {
  void import('sonner').then(({ toast }) => toast[kind](message));
}
