// The "get code" button beside an SMS code field: checks the phone first, sends, then counts down the
// 60 s the api enforces between two codes (AccountLimits.smsMinIntervalMs).
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { AccountLimits } from '../domain/account';
import type { Envelope } from '../domain/codes';

export interface SmsCodeButtonProps {
  /** Checks the phone; returns false (after showing why) when it may not be sent. */
  validate(): boolean;
  send(): Promise<Envelope<unknown> | null>;
  /** Called with the api's answer when it refused (its message belongs under the field). */
  onRefused?(envelope: Envelope<unknown>): void;
  disabled?: boolean;
}

const SECONDS = Math.round(AccountLimits.smsMinIntervalMs / 1000);

export function SmsCodeButton({ validate, send, onRefused, disabled }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function onClick() {
    if (!validate()) return;
    setSending(true);
    const envelope = await send();
    setSending(false);
    if (!envelope) return;
    if (envelope.code === 0) setLeft(SECONDS);
    else onRefused?.(envelope);
  }

  return (
    <button type="button" className="button sms-button" onClick={() => void onClick()} disabled={disabled || sending || left > 0} aria-live="polite">
      {sending ? t('form.sendingCode') : left > 0 ? t('form.resendIn', { seconds: left }) : t('form.sendCode')}
    </button>
  );
}
