import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  trailing?: ReactNode;
}

export function TextField({ label, value, onValueChange, error, hint, trailing, id, className, ...rest }: TextFieldProps) {
  const { controlId, describedBy } = useFieldIds({ id, error, hint });
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} controlId={controlId}>
      <input
        {...rest}
        id={controlId}
        className="mc-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value)}
      />
      {trailing}
    </FieldFrame>
  );
}
