import { useEffect, useRef, type FormEvent } from 'react';
import { cx } from '@member/shared-core';
import { testIds, type TestId } from '@member/shared-core';
import { UiIcon } from './icons';

/**
 * The form's one error, announced as it appears, and brought into view where the member pressed (clear of a bottom
 * bar, through the theme's scroll margin); hidden while there is none.
 */
export function FormError({
  message,
  testId = testIds.formError,
  className,
}: {
  message: string | null;
  testId?: TestId;
  className?: string;
}) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  return (
    <p ref={box} className={cx('mc-notice', 'mc-notice--error', className)} role="alert" data-testid={testId} hidden={!message}>
      {message}
    </p>
  );
}

/** Confirms a completed form politely (role="status"); hidden until there is something to say. */
export function FormSuccess({ message, className }: { message: string | null; className?: string }) {
  return (
    <p className={cx('mc-notice', 'mc-notice--success', className)} role="status" data-testid={testIds.formSuccess} hidden={!message}>
      {message ? <UiIcon name="check" className="mc-notice__icon" /> : null}
      <span>{message}</span>
    </p>
  );
}

/** A form's onSubmit: the browser does not navigate or validate; the host's submit decides. */
export const submitTo = (submit: () => void) => (event: FormEvent) => {
  event.preventDefault();
  submit();
};
