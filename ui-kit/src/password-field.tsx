import { useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { TextField, type TextFieldProps } from './text-field';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="mc-field__reveal"
          aria-pressed={visible}
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d={
                visible
                  ? 'M2 4.3 3.3 3l17.7 17.7-1.3 1.3-3.1-3.1A10.6 10.6 0 0 1 12 20C6.5 20 2.7 16.3 1 12c.8-2 2.1-3.8 3.8-5.1Zm10 3.2 4.5 4.5A4.5 4.5 0 0 0 12 7.5ZM12 4c5.5 0 9.3 3.7 11 8a12 12 0 0 1-3.2 4.6l-1.4-1.4A9.7 9.7 0 0 0 20.8 12C19.2 8.6 16 6 12 6c-1 0-1.9.1-2.8.4L7.6 4.8C9 4.3 10.5 4 12 4Z'
                  : 'M12 4c5.5 0 9.3 3.7 11 8-1.7 4.3-5.5 8-11 8S2.7 16.3 1 12c1.7-4.3 5.5-8 11-8Zm0 2c-4 0-7.2 2.6-8.8 6 1.6 3.4 4.8 6 8.8 6s7.2-2.6 8.8-6C19.2 8.6 16 6 12 6Zm0 2.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Z'
              }
            />
          </svg>
        </button>
      }
    />
  );
}
