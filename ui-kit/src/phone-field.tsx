import { formatPhone } from '@member/shared-core/helpers/format';
import { phoneInput } from '@member/shared-core/helpers/digits';
import { TextField, type TextFieldProps } from './text-field';

/**
 * Phone input that keeps the ten national digits (Thai and full-width digits read as such, a pasted +66 made national)
 * and shows Thai 3-3-4 grouping as the member types.
 */
export function PhoneField({ value, onValueChange, ...rest }: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={formatPhone(value)}
      onValueChange={(next) => onValueChange(phoneInput(next))}
    />
  );
}
