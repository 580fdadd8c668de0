import { isValidPassword } from '@ferry/contract/client';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Form rules for choosing a password: the new one follows the password rule (and may have to
 * differ from another field), an optional one follows it when given, the confirmation must repeat
 * it.
 */
export function usePasswordRules() {
  const { t } = useTranslation('common');
  return {
    newPassword(differentFrom?: string): FormRule[] {
      return [
        { required: true, message: t('password.required') },
        ({ getFieldValue }) => ({
          validator: (_, v: string | undefined) => {
            if (!v) return Promise.resolve();
            if (!isValidPassword(v.trim())) return Promise.reject(new Error(t('password.invalid')));
            if (differentFrom && v === getFieldValue(differentFrom)) {
              return Promise.reject(new Error(t('password.same')));
            }
            return Promise.resolve();
          },
        }),
      ];
    },
    /** A password that may be left empty (to keep the current one), else follows the rule. */
    optionalPassword(): FormRule[] {
      return [
        {
          validator: (_, v: string | undefined) =>
            !v || isValidPassword(v.trim())
              ? Promise.resolve()
              : Promise.reject(new Error(t('password.invalid'))),
        },
      ];
    },
    confirmation(field: string): FormRule[] {
      return [
        { required: true, message: t('password.confirmRequired') },
        ({ getFieldValue }) => ({
          validator: (_, v: string | undefined) =>
            !v || v === getFieldValue(field)
              ? Promise.resolve()
              : Promise.reject(new Error(t('password.mismatch'))),
        }),
      ];
    },
  };
}
