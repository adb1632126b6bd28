import { useState } from 'react';
import { validatePasswordChange } from '@member/shared-core/helpers/password-validation';
import { useFormState } from './form-state';

type Field = 'oldPassword' | 'newPassword' | 'confirm';

/**
 * The old / new / confirm fields both password forms share (the member's and a game account's):
 * their state, checks and reset. `change` gets the checked values and says whether it worked, or
 * returns the i18n key of what went wrong.
 */
export function usePasswordChange(change: (oldPassword: string, newPassword: string) => Promise<true | string | null>) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const form = useFormState<Field>();

  const submit = (ready = true) => {
    setDone(false);
    form.setErrorKey(null);
    const errors = validatePasswordChange(oldPassword, newPassword, confirm);
    form.setFieldKeys(errors);
    if (Object.keys(errors).length > 0 || !ready) return;
    void form.run(async () => {
      const outcome = await change(oldPassword, newPassword);
      if (outcome === true) {
        setDone(true);
        setOldPassword('');
        setNewPassword('');
        setConfirm('');
      } else if (outcome !== null) form.setErrorKey(outcome);
    });
  };

  return {
    fields: {
      oldPassword,
      newPassword,
      confirm,
      setOldPassword: (v: string) => {
        setOldPassword(v);
        form.clearField('oldPassword');
      },
      setNewPassword: (v: string) => {
        setNewPassword(v);
        form.clearField('newPassword');
      },
      setConfirm: (v: string) => {
        setConfirm(v);
        form.clearField('confirm');
      },
      pending: form.pending,
      done,
      ...form.errors,
    },
    submit,
    setDone,
  };
}
