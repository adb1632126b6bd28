export type LoginOutcome = { ok: true } | { ok: false; messageKey: string };

/** Phone login against the operator API. */
export async function submitPhoneLogin(_phone: string, _password: string): Promise<LoginOutcome> {
  return { ok: false, messageKey: 'login.errors.unavailable' };
}

/** Sends the member to LINE's authorize page. */
export async function startLineLogin(): Promise<LoginOutcome> {
  return { ok: false, messageKey: 'login.errors.unavailable' };
}
