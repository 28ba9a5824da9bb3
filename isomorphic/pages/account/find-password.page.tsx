// /findPassword (guest only): a code to the registered phone, then the new password twice. The api ends
// every session of the account; the person signs in again with the new password.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import { useLang } from '../../components/use-lang';
import { useApiAction } from '../../components/use-api-action';
import { usePasswordCipher } from '../../components/use-password-cipher';
import { NewPasswordFields, SubmitButton, checkOneField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { apiFieldError, confirmError, loginPath, mobileError, newPasswordError, smsCodeError } from '../../components/account-rules';
import { PhoneCodeFields } from '../../components/phone-code-fields';
import { AuthCard } from './auth-card';

type Field = 'mobile' | 'smsCode' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['mobile', 'smsCode', 'password', 'confirmPassword'];

export function Component() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const run = useApiAction();
  const encrypt = usePasswordCipher();
  const form = useRef<HTMLFormElement>(null);
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const ctx = { t, lang };
  const redirect = params.get('redirect');

  const checkMobile = () => checkOneField('mobile', mobileError(mobile, ctx), setErrors, form.current);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors<Field> = {
      mobile: mobileError(mobile, ctx),
      smsCode: smsCodeError(smsCode, ctx),
      password: newPasswordError(password, ctx, t('auth.newPassword')),
      confirmPassword: confirmError(password, confirm, ctx, t('auth.confirmPassword')),
    };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const envelope = await run((api) => api.post('/front/user/findPassWd', {
      mobile: mobile.trim(), smsCode: smsCode.trim(), password: encrypt(password), confirmPassword: encrypt(confirm),
    }));
    setBusy(false);
    if (!envelope) return;
    if (envelope.code !== 0) {
      setErrors(apiFieldError(envelope, FIELDS));
      return focusFirstInvalid(form.current);
    }
    navigate(loginPath(redirect, mobile.trim()), { replace: true });
  }

  return (
    <AuthCard title={t('auth.findTitle')} lead={t('auth.findLead')} footer={<Link to={loginPath(redirect)} className="text-link">{t('auth.backToLogin')}</Link>}>
      <form ref={form} className="form" method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PhoneCodeFields
          mobile={mobile} onMobile={setMobile} smsCode={smsCode} onSmsCode={setSmsCode} errors={errors} mobileAutoComplete="username" checkMobile={checkMobile}
          send={() => run((api) => api.post('/front/user/getVerifyCode', { mobile: mobile.trim(), purpose: 'findPassword' }))}
          onRefused={(envelope) => setErrors((e) => ({ ...e, ...apiFieldError(envelope, FIELDS) }))}
        />
        <NewPasswordFields
          label={t('auth.newPassword')} confirmLabel={t('auth.confirmPassword')} hint={t('form.passwordHint')}
          password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors}
        />
        <SubmitButton busy={busy} busyLabel={t('auth.resetting')} className="button--block">{t('auth.findSubmit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
