import { formatPhone } from '@member/shared-core/helpers/format';
import { TextField, type TextFieldProps } from './text-field';

/** Phone input that keeps digits only and shows Thai 3-3-4 grouping as the member types. */
export function PhoneField({ value, onValueChange, ...rest }: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={formatPhone(value)}
      onValueChange={(next) => onValueChange(next.replace(/\D/g, '').slice(0, 10))}
    />
  );
}
