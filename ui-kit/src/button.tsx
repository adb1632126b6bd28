import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'line' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
  block?: boolean;
}

/** Themed through --mc-* custom properties; a theme restyles it without copying it. */
export function Button({ variant = 'primary', busy = false, block = false, className, disabled, children, ...rest }: ButtonProps) {
  const classes = ['mc-btn', `mc-btn--${variant}`, block ? 'mc-btn--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" {...rest} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? <span className="mc-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
