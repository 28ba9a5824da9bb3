// /login (guest only): mobile and password. The password leaves the page encrypted; the web service
// keeps the token in an HttpOnly cookie and hands the page only the user. Then back to ?redirect=.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { CompanyBrief, UserInfo } from '../../contracts/account';
import { useStores } from '../../stores/root.store';
import { toSessionCompany, toSessionUser } from '../../stores/auth.store';
import { useLang } from '../../components/use-lang';
import { useApiAction } from '../../components/use-api-action';
import { usePasswordCipher } from '../../components/use-password-cipher';
import { SubmitButton, TextField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { apiFieldError, mobileError, requiredError, safeRedirect } from '../../components/account-rules';
import { AuthCard } from './auth-card';

type Field = 'mobile' | 'password';

export function Component() {
  const { t } = useTranslation();
  const lang = useLang();
  const { auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const run = useApiAction();
  const encrypt = usePasswordCipher();
  const form = useRef<HTMLFormElement>(null);
  const [mobile, setMobile] = useState(params.get('mobile') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const redirect = params.get('redirect');
  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const ctx = { t, lang };
    const found: FieldErrors<Field> = { mobile: mobileError(mobile, ctx), password: requiredError(password, ctx, t('auth.password')) };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const envelope = await run((api) => api.post<{ user: UserInfo; company: CompanyBrief | null }>('/front/user/login', { mobile: mobile.trim(), password: encrypt(password) }), { carry: true });
    setBusy(false);
    if (!envelope) return;
    if (envelope.code !== 0) {
      setErrors(apiFieldError(envelope, ['mobile', 'password'] as const));
      return focusFirstInvalid(form.current);
    }
    auth.signIn(toSessionUser(envelope.data.user), toSessionCompany(envelope.data.company));
    navigate(safeRedirect(redirect), { replace: true });
  }

  return (
    <AuthCard
      title={t('auth.loginTitle')}
      lead={t('auth.loginLead')}
      footer={<>{t('auth.noAccount')} <Link to={`/register${keep}`} className="text-link">{t('auth.toRegister')}</Link></>}
    >
      <form ref={form} className="form" method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          name="mobile" label={t('auth.mobile')} placeholder={t('auth.mobilePlaceholder')} type="tel" inputMode="numeric"
          autoComplete="username" maxLength={11} value={mobile} onChange={setMobile} error={errors.mobile} required
        />
        <TextField
          name="password" label={t('auth.password')} placeholder={t('auth.passwordPlaceholder')} type="password"
          autoComplete="current-password" maxLength={20} value={password} onChange={setPassword} error={errors.password} required
        />
        <div className="form__aside">
          <Link to={`/findPassword${keep}`} className="text-link">{t('auth.forgot')}</Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t('auth.loggingIn')} className="button--block">{t('auth.loginSubmit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
