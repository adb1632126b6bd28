import type { ReactNode } from 'react';
import { cx } from '@member/shared-core';
import type { TestId } from '@member/shared-core';

export interface DetailRow {
  /** Stable key for React; also names the row for styling (`mc-details__row--{key}`). */
  key: string;
  label: string;
  /** Rendered as text (React escapes it): a name containing markup shows literally. */
  value: ReactNode;
  testId?: TestId;
  /** Digits that read better in tabular figures (phone, account number). */
  numeric?: boolean;
}

/** Label/value pairs as a description list; rows with an empty value are the caller's to leave out. */
export function DetailList({ rows, className }: { rows: readonly DetailRow[]; className?: string }) {
  return (
    <dl className={cx('mc-details', className)}>
      {rows.map((row) => (
        <div key={row.key} className={cx('mc-details__row', `mc-details__row--${row.key}`)}>
          <dt className="mc-details__label">{row.label}</dt>
          <dd className={cx('mc-details__value', row.numeric && 'mc-details__value--numeric')} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
