import { useEffect, useRef } from 'react';

/**
 * The generate flow replaces the whole stage (form → questions → results, and back), and the
 * control that was pressed goes with it: without this, focus falls to the page body and a
 * keyboard or screen-reader user starts again from the top. `shown` names the stage on screen
 * (null while none is, e.g. during a run); each time a stage appears, its heading (given the
 * returned ref and tabIndex={-1}) takes focus. The first stage of a visit does not, so opening
 * the page leaves focus where the browser put it; nor does a stage whose own content has
 * already taken focus (the credit shortfall box) or one shown while the user is elsewhere on
 * the page (a link of the balance card): only focus that fell with the old stage is moved.
 */
export function useStageFocus(shown: string | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef<string | null>(null);
  const opened = useRef(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = shown;
    if (shown === null || before === shown) return;
    if (!opened.current) {
      opened.current = true;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    heading.current?.focus();
  }, [shown]);
  return heading;
}
