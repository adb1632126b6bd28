import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves keyboard and screen-reader focus to `target` whenever `value` changes after the first render
 * (a new step, a new sub-page), so the member hears where they are instead of staying on a button
 * that has gone. The target needs tabIndex={-1}.
 */
export function useFocusOnChange(value: unknown, target: RefObject<HTMLElement | null>): void {
  const shown = useRef(value);
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    target.current?.focus();
  }, [value, target]);
}
