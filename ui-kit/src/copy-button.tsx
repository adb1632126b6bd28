import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { cx } from '@member/shared-core';
import type { TestId } from '@member/shared-core';
import { GameIcon } from './game-icons';

/** How long a copy button says "Copied" before it reads "Copy" again. */
export const COPIED_FEEDBACK_MS = 2000;

/** Puts text on the clipboard; false when the browser has no clipboard here or refuses (insecure page, permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** One polite message at a time for a live region; each new message is a fresh node, so the same words are announced again. */
export function useAnnouncement() {
  const [message, setMessage] = useState<{ text: string; tone: 'done' | 'failed'; n: number } | null>(null);
  const announce = (text: string, tone: 'done' | 'failed') => setMessage((current) => ({ text, tone, n: (current?.n ?? 0) + 1 }));
  return { message, announce };
}

/** The live region that speaks what `useAnnouncement` says; it stays in the page so screen readers keep listening to it. */
export function Announcement({ message, className }: { message: ReturnType<typeof useAnnouncement>['message']; className?: string }) {
  return (
    <div className={cx('mc-announce', className)} role="status" aria-live="polite">
      {message ? (
        <p key={message.n} className={cx('mc-notice', message.tone === 'done' ? 'mc-notice--success' : 'mc-notice--error')}>
          <GameIcon name={message.tone === 'done' ? 'check' : 'copy'} className="mc-notice__icon" />
          <span>{message.text}</span>
        </p>
      ) : null}
    </div>
  );
}

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the accessible name ("Copy UFA password"). */
  label: string;
  testId: TestId;
  /** Told whether the copy worked, so the caller can announce it. */
  onCopied(ok: boolean): void;
  className?: string;
}

/** Copies `text` and says "Copied" on the button for a moment; the caller announces the outcome. */
export function CopyButton({ text, label, testId, onCopied, className }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = async () => {
    const ok = await copyText(text);
    clearTimeout(timer.current);
    setCopied(ok);
    if (ok) timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    onCopied(ok);
  };
  return (
    <button
      type="button"
      className={cx('mc-chip-btn', copied && 'mc-chip-btn--done', className)}
      data-testid={testId}
      onClick={() => void onClick()}
    >
      <GameIcon name={copied ? 'check' : 'copy'} size={18} />
      {/* The name is the full label ("Copy UFA password"), which opens with the visible word; read from the content, not
          an aria-label, because Thai writes it without a space ("คัดลอกรหัสผ่าน") and checkers split names at spaces. */}
      <span aria-hidden="true">{copied ? t('gamesUi.copied') : t('gamesUi.copy')}</span>
      <span className="mc-visually-hidden">{label}</span>
    </button>
  );
}
