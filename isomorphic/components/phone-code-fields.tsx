// A phone number and the SMS code sent to it (register, find password, change phone): the two fields and
// the send button, which checks the number first and shows the api's refusal on the field it names.
import { useTranslation } from '../i18n/react';
import type { Envelope } from '../domain/codes';
import { TextField } from './form-field';
import { SmsCodeButton } from './sms-code-button';

export interface PhoneCodeFieldsProps {
  mobile: string;
  onMobile(value: string): void;
  smsCode: string;
  onSmsCode(value: string): void;
  errors: { mobile?: string; smsCode?: string };
  /** checks the number before a code is sent; true when it may be */
  checkMobile(): boolean;
  /** asks the api for a code */
  send(): Promise<Envelope<unknown> | null>;
  onRefused(envelope: Envelope<unknown>): void;
  names?: { mobile: string; smsCode: string };
  mobileLabel?: string;
  mobileAutoComplete?: string;
  autoFocus?: boolean;
}

export function PhoneCodeFields(p: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name={p.names?.mobile ?? 'mobile'} label={p.mobileLabel ?? t('auth.mobile')} placeholder={t('auth.mobilePlaceholder')} type="tel" inputMode="numeric"
        autoComplete={p.mobileAutoComplete ?? 'tel'} maxLength={11} value={p.mobile} onChange={p.onMobile} error={p.errors.mobile} required autoFocus={p.autoFocus}
      />
      <TextField
        name={p.names?.smsCode ?? 'smsCode'} label={t('auth.code')} placeholder={t('auth.codePlaceholder')} inputMode="numeric" autoComplete="one-time-code"
        maxLength={6} value={p.smsCode} onChange={p.onSmsCode} error={p.errors.smsCode} required
        addon={<SmsCodeButton validate={p.checkMobile} send={p.send} onRefused={p.onRefused} />}
      />
    </>
  );
}
