import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  trailing?: ReactNode;
}

export function TextField({ label, value, onValueChange, error, hint, trailing, id, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['mc-field', error ? 'mc-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="mc-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="mc-field__control">
        <input
          {...rest}
          id={inputId}
          className="mc-field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onValueChange(e.target.value)}
        />
        {trailing}
      </div>
      {hint ? (
        <p className="mc-field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="mc-field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
