import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors, Locale } from '@member/shared-core';
import { serverMessageView, type ServerRefusal } from '@member/shared-core/helpers/server-message';
import { reportError } from '../lib/error-report';

/** The line a field shows for a server's reason it cannot say in the member's language. */
const FIELD_FALLBACK_KEY = 'serverMessages.field';

interface Refusal {
  refusal: ServerRefusal;
  /** The form's own line for its failure, shown when the server's words cannot be. */
  fallbackKey: string;
}

/**
 * The shared mechanics of the host's forms: error keys translated at render, one submission at a time (a double tap
 * sends once), field errors cleared as the member edits. A server's refusal is read in the member's language at render
 * (`serverMessageView`): a known code from the shared strings, the server's own words when they are in that language,
 * else the form's own line, the server's text then going to the error report for support.
 */
export function useFormState<Field extends string>() {
  const { t, i18n } = useTranslation();
  const locale: Locale = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'th';
  const [pending, setPending] = useState(false);
  const [errorKey, setErrorKeyState] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [fieldKeys, setFieldKeys] = useState<Partial<Record<Field, string>>>({});
  const [serverFields, setServerFieldsState] = useState<Partial<Record<Field, string>>>({});
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

  const setErrorKey = useCallback((key: string | null) => {
    setRefusal(null);
    setErrorKeyState(key);
  }, []);

  /** The server refused: its code or words, and the form's own line for when neither can be said. */
  const setServerRefusal = useCallback((value: ServerRefusal, fallbackKey: string) => {
    setErrorKeyState(null);
    setRefusal({ refusal: value, fallbackKey });
  }, []);

  /** The server's reasons per field (a 422 or a refused step), each read like a refusal. */
  const setServerFields = useCallback((fields: Partial<Record<Field, string>>) => setServerFieldsState(fields), []);

  const clearField = useCallback((field: Field) => {
    const without = (current: Partial<Record<Field, string>>) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    };
    setFieldKeys(without);
    setServerFieldsState(without);
  }, []);

  const view = refusal ? serverMessageView(refusal.refusal, locale, refusal.fallbackKey) : null;
  const fieldViews = Object.entries(serverFields).map(
    ([field, text]) => [field, serverMessageView({ message: text }, locale, FIELD_FALLBACK_KEY)] as const,
  );

  // What the member could not be shown in their language is kept for support, once per refusal.
  const foreign = [view, ...fieldViews.map(([, v]) => v)].flatMap((v) => (v?.kind === 'foreign' ? [v.text] : []));
  const foreignText = foreign.join(' | ');
  useEffect(() => {
    if (foreignText) reportError('server-message', foreignText);
  }, [foreignText]);

  const say = (v: NonNullable<typeof view>) => (v.kind === 'text' ? v.text : t(v.key));
  const errors: FormErrors<Field> = {
    error: view ? say(view) : errorKey ? t(errorKey) : null,
    fieldErrors: {
      ...(Object.fromEntries(fieldViews.map(([field, v]) => [field, say(v)])) as Partial<Record<Field, string>>),
      ...(Object.fromEntries(Object.entries(fieldKeys).map(([field, key]) => [field, t(key as string)])) as Partial<Record<Field, string>>),
    },
  };

  return { pending, run, errors, setErrorKey, setServerRefusal, setFieldKeys, setServerFields, clearField };
}
