import type { LoginBy } from '@member/shared-core';
import type { Problems } from '../wire/fields';

export const isLoginBy = (value: unknown): value is LoginBy => value === 'phone' || value === 'line';

/** Checks the plain `type` field (phone | line). */
export function checkLoginType(problems: Problems, type: string | undefined): LoginBy | undefined {
  if (type === undefined) problems.add('type', 'Required');
  else if (!isLoginBy(type)) problems.add('type', 'Must be "phone" or "line"');
  return isLoginBy(type) ? type : undefined;
}
