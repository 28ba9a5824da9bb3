// /register (guest only): who I am (user type 1, 2 or 3, SPEC §6), mobile with an SMS code, password
// twice and an optional nickname. Registering signs the person in (the same encrypted password goes to
// /front/user/login, so the proxy sets the session cookies as for any sign-in) and returns them to
// ?redirect=; only if that sign-in fails are they sent to /login with the phone filled in.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { CompanyBrief, UserInfo } from '../../contracts/account';
import { useStores } from '../../stores/root.store';
import { toSessionCompany, toSessionUser } from '../../stores/auth.store';
import { userTypes } from '../../domain/account';
import { useLang } from '../../components/use-lang';
import { useApiAction } from '../../components/use-api-action';
import { usePasswordCipher } from '../../components/use-password-cipher';
import { NewPasswordFields, SubmitButton, TextField, checkOneField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { apiFieldError, confirmError, loginPath, maxLengthError, mobileError, newPasswordError, safeRedirect, smsCodeError } from '../../components/account-rules';
import { PhoneCodeFields } from '../../components/phone-code-fields';
import { AuthCard } from './auth-card';

type Field = 'userType' | 'mobile' | 'smsCode' | 'password' | 'confirmPassword' | 'nickname';
const FIELDS: readonly Field[] = ['userType', 'mobile', 'smsCode', 'password', 'confirmPassword', 'nickname'];
const NICKNAME_MAX = 30;

export function Component() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { auth, toasts } = useStores();
  const [params] = useSearchParams();
  const run = useApiAction();
  const encrypt = usePasswordCipher();
  const form = useRef<HTMLFormElement>(null);
  const [userType, setUserType] = useState<number | null>(null);
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const ctx = { t, lang };
  const redirect = params.get('redirect');

  const checkMobile = () => checkOneField('mobile', mobileError(mobile, ctx), setErrors, form.current);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors<Field> = {
      userType: userType ? undefined : t('form.choose', { field: t('auth.userType') }),
      mobile: mobileError(mobile, ctx),
      smsCode: smsCodeError(smsCode, ctx),
      password: newPasswordError(password, ctx, t('auth.password')),
      confirmPassword: confirmError(password, confirm, ctx, t('auth.confirmPassword')),
      nickname: maxLengthError(nickname, NICKNAME_MAX, ctx, t('auth.nickname')),
    };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const sealed = encrypt(password);
    const envelope = await run((api) => api.post<UserInfo>('/front/user/reg', {
      userType, mobile: mobile.trim(), smsCode: smsCode.trim(), password: sealed, confirmPassword: encrypt(confirm),
      ...(nickname.trim() ? { nickname: nickname.trim() } : {}),
    }), { quiet: true });
    if (!envelope) return setBusy(false);
    if (envelope.code !== 0) {
      setBusy(false);
      setErrors(apiFieldError(envelope, FIELDS));
      return focusFirstInvalid(form.current);
    }
    const session = await run((api) => api.post<{ user: UserInfo; company: CompanyBrief | null }>('/front/user/login', { mobile: mobile.trim(), password: sealed }), { quiet: true });
    setBusy(false);
    if (session?.code === 0) {
      auth.signIn(toSessionUser(session.data.user), toSessionCompany(session.data.company));
      toasts.success(t('auth.registeredSignedIn'), { carry: true });
      navigate(safeRedirect(redirect), { replace: true });
      return;
    }
    navigate(loginPath(redirect, mobile.trim()));
  }

  return (
    <AuthCard
      title={t('auth.registerTitle')}
      lead={t('auth.registerLead')}
      footer={<>{t('auth.haveAccount')} <Link to={loginPath(redirect)} className="text-link">{t('auth.toLogin')}</Link></>}
    >
      <form ref={form} className="form" method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className={`field choice${errors.userType ? ' field--invalid' : ''}`} aria-describedby={errors.userType ? 'user-type-error' : undefined}>
          <legend className="field__label">{t('auth.userType')}</legend>
          <div className="choice__options">
            {userTypes.map((type) => (
              <label key={type} className={`choice__option${userType === type ? ' is-checked' : ''}`}>
                <input
                  type="radio" name="userType" value={type} checked={userType === type}
                  aria-invalid={errors.userType ? true : undefined}
                  onChange={() => { setUserType(type); setErrors((e) => ({ ...e, userType: undefined })); }}
                />
                <span className="choice__name">{t(`auth.userType${type}`)}</span>
                <span className="choice__hint">{t(`auth.userType${type}Hint`)}</span>
              </label>
            ))}
          </div>
          {errors.userType ? <p className="field__error" id="user-type-error">{errors.userType}</p> : null}
        </fieldset>
        <PhoneCodeFields
          mobile={mobile} onMobile={setMobile} smsCode={smsCode} onSmsCode={setSmsCode} errors={errors} checkMobile={checkMobile}
          send={() => run((api) => api.post('/front/user/getRegSMSCode', { mobile: mobile.trim() }))}
          onRefused={(envelope) => setErrors((e) => ({ ...e, ...apiFieldError(envelope, FIELDS) }))}
        />
        <NewPasswordFields
          label={t('auth.password')} confirmLabel={t('auth.confirmPassword')} hint={t('form.passwordHint')}
          password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors}
        />
        <TextField
          name="nickname" label={t('auth.nickname')} placeholder={t('auth.nicknamePlaceholder')} autoComplete="nickname"
          maxLength={NICKNAME_MAX} value={nickname} onChange={setNickname} error={errors.nickname}
        />
        <SubmitButton busy={busy} busyLabel={t('auth.registering')} className="button--block">{t('auth.registerSubmit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
