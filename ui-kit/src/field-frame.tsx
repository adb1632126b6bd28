import { useId, type ReactNode } from 'react';
import { cx } from '@member/shared-core';

export interface FieldChromeProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
}

/** The ids a field's control needs: its own, and the hint and error that describe it. */
export function useFieldIds({ id, error, hint }: Pick<FieldChromeProps, 'id' | 'error' | 'hint'>) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const describedBy = [error ? `${controlId}-error` : '', hint ? `${controlId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return { controlId, describedBy };
}

/**
 * What every form field looks like around its control: a visible label, the bordered control box,
 * then the hint and the error that the control's aria-describedby points at.
 */
export function FieldFrame({
  label,
  error,
  hint,
  className,
  controlId,
  controlClassName,
  children,
}: Omit<FieldChromeProps, 'id'> & { controlId: string; controlClassName?: string; children: ReactNode }) {
  return (
    <div className={cx('mc-field', error && 'mc-field--invalid', className)}>
      <label className="mc-field__label" htmlFor={controlId}>
        {label}
      </label>
      <div className={cx('mc-field__control', controlClassName)}>{children}</div>
      {hint ? (
        <p className="mc-field__hint" id={`${controlId}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="mc-field__error" id={`${controlId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
