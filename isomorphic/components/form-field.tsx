// Labelled form controls: every input has a visible label, its rule message under it (tied by
// aria-describedby and aria-invalid), and an optional hint. Submit buttons show a progress state.
import { type ReactNode, type InputHTMLAttributes } from 'react';
import { useStableId } from './use-stable-id';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  /** Something beside the input, such as the "get code" button. */
  addon?: ReactNode;
}

export function TextField({ label, value, onChange, error, hint, addon, id, className, ...input }: TextFieldProps) {
  const auto = useStableId();
  const inputId = id ?? auto;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>{label}</label>
      <div className={addon ? 'field__row' : undefined}>
        <input
          {...input}
          id={inputId}
          className="field__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint && !error ? <p className="field__hint" id={`${inputId}-hint`}>{hint}</p> : null}
      {error ? <p className="field__error" id={`${inputId}-error`}>{error}</p> : null}
    </div>
  );
}

export function SubmitButton({ busy, busyLabel, children, className, disabled }: { busy: boolean; busyLabel: string; children: ReactNode; className?: string; disabled?: boolean }) {
  return (
    <button type="submit" className={`button button--primary${className ? ` ${className}` : ''}`} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </button>
  );
}

/** Focuses the first control marked invalid, after React has rendered the messages. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  if (!form) return;
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/**
 * Checks one field before an action that needs only it (sending an SMS code to the phone typed): shows its
 * message, or clears it, and focuses the first invalid control; whether the field passed.
 */
export function checkOneField<K extends string>(
  field: K, error: string | undefined, setErrors: (update: (e: FieldErrors<K>) => FieldErrors<K>) => void, form: HTMLFormElement | null,
): boolean {
  setErrors((e) => ({ ...e, [field]: error }));
  if (error) focusFirstInvalid(form);
  return !error;
}

export interface NewPasswordFieldsProps {
  label: string;
  confirmLabel: string;
  hint: string;
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
  errors: FieldErrors<'password' | 'confirmPassword'>;
  /** the password input's name (the security page calls it newPassword) */
  name?: string;
}

/** A new password and its confirmation (sign-up, reset, change): one rule, one pair of fields. */
export function NewPasswordFields({ label, confirmLabel, hint, password, confirm, onPassword, onConfirm, errors, name = 'password' }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField name={name} label={label} type="password" autoComplete="new-password" maxLength={20} hint={hint} value={password} onChange={onPassword} error={errors.password} required />
      <TextField name="confirmPassword" label={confirmLabel} type="password" autoComplete="new-password" maxLength={20} value={confirm} onChange={onConfirm} error={errors.confirmPassword} required />
    </>
  );
}
