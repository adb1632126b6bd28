import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { UiIcon } from './icons';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  /** Text of a first, empty option shown while nothing is chosen. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
}

/** A native select in the same frame as TextField: the phone's own picker, the theme's look. */
export function SelectField({ label, value, onValueChange, options, placeholder, error, hint, id, className, ...rest }: SelectFieldProps) {
  const { controlId, describedBy } = useFieldIds({ id, error, hint });
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      controlId={controlId}
      controlClassName="mc-field__control--select"
    >
      <select
        {...rest}
        id={controlId}
        className="mc-field__input mc-field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <UiIcon name="chevronDown" className="mc-field__chevron" />
    </FieldFrame>
  );
}
