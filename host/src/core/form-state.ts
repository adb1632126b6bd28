import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '@member/shared-core';

/**
 * The shared mechanics of the host's forms: error keys translated at render, one submission at a
 * time (a double tap sends once), field errors cleared as the member edits.
 */
export function useFormState<Field extends string>() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [fieldKeys, setFieldKeys] = useState<Partial<Record<Field, string>>>({});
  const inFlight = useRef(false);

  const run = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);

  const clearField = useCallback((field: Field) => {
    setFieldKeys((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  // Server messages arrive as text; our own arrive as i18n keys. Both render as text, never HTML.
  const translate = (key: string) => (key.includes(' ') ? key : t(key));
  const errors: FormErrors<Field> = {
    error: errorKey ? translate(errorKey) : null,
    fieldErrors: Object.fromEntries(Object.entries(fieldKeys).map(([field, key]) => [field, translate(key as string)])) as Partial<Record<Field, string>>,
  };

  return { pending, run, errors, setErrorKey, setFieldKeys, clearField };
}
