// /home/person/security: change the password (current, new twice); change the phone in two steps, as
// SPEC §5 requires: the password is checked first, then a code sent to the new phone confirms it.
import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { SessionInfo, UserInfo } from '../../contracts/account';
import { useStores } from '../../stores/root.store';
import { toSessionUser } from '../../stores/auth.store';
import { maskMobile } from '../../domain/format';
import { useLang } from '../../components/use-lang';
import { useApiAction } from '../../components/use-api-action';
import { usePasswordCipher } from '../../components/use-password-cipher';
import { NewPasswordFields, SubmitButton, TextField, checkOneField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { PhoneCodeFields } from '../../components/phone-code-fields';
import { apiFieldError, confirmError, mobileError, newPasswordError, requiredError, smsCodeError } from '../../components/account-rules';
import { Codes } from '../../domain/codes';
import { PersonTitle } from './person-title';

export function Component() {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-label={t('person.securityTitle')}>
      <div className="panel__head"><PersonTitle title={t('person.securityTitle')} /></div>
      <ChangePassword />
      <ChangeMobile />
    </section>
  );
}

type PasswordField = 'oldPassword' | 'password' | 'confirmPassword';

function ChangePassword() {
  const { t } = useTranslation();
  const lang = useLang();
  const run = useApiAction();
  const encrypt = usePasswordCipher();
  const form = useRef<HTMLFormElement>(null);
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const ctx = { t, lang };
    const found: FieldErrors<PasswordField> = {
      oldPassword: requiredError(oldPassword, ctx, t('person.oldPassword')),
      password: newPasswordError(password, ctx, t('person.newPassword')),
      confirmPassword: confirmError(password, confirm, ctx, t('person.confirmPassword')),
    };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const envelope = await run((api) => api.post('/user/restPasswd', { oldPassword: encrypt(oldPassword), password: encrypt(password), confirmPassword: encrypt(confirm) }));
    setBusy(false);
    if (!envelope) return;
    if (envelope.code !== 0) {
      // A wrong password here is the current one.
      const byField = apiFieldError<PasswordField>(envelope, ['oldPassword', 'password', 'confirmPassword'], envelope.code === Codes.WRONG_PASSWORD ? { password: 'oldPassword' } : {});
      setErrors(byField);
      return focusFirstInvalid(form.current);
    }
    setOld('');
    setPassword('');
    setConfirm('');
  }

  return (
    <div className="panel__section">
      <h2 className="panel__subtitle">{t('person.passwordSection')}</h2>
      <p className="panel__lead">{t('person.passwordLead')}</p>
      <form ref={form} className="form form--narrow" method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField name="oldPassword" label={t('person.oldPassword')} type="password" autoComplete="current-password" maxLength={20} value={oldPassword} onChange={setOld} error={errors.oldPassword} required />
        <NewPasswordFields
          name="newPassword" label={t('person.newPassword')} confirmLabel={t('person.confirmPassword')} hint={t('form.passwordHint')}
          password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors}
        />
        <div className="form__actions">
          <SubmitButton busy={busy} busyLabel={t('form.submitting')}>{t('person.changePassword')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}

type MobileField = 'password' | 'mobile' | 'smsCode';
const MOBILE_FIELDS: readonly MobileField[] = ['password', 'mobile', 'smsCode'];

function ChangeMobile() {
  const info = useRouteLoaderData('person') as SessionInfo;
  const { t } = useTranslation();
  const lang = useLang();
  const { auth } = useStores();
  const run = useApiAction();
  const encrypt = usePasswordCipher();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<'check' | 'new'>('check');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<MobileField>>({});
  const [busy, setBusy] = useState(false);
  const ctx = { t, lang };

  async function onCheck(e: FormEvent) {
    e.preventDefault();
    const found = { password: requiredError(password, ctx, t('auth.password')) };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const envelope = await run((api) => api.post('/user/checkPasswd', { password: encrypt(password) }), { quiet: true });
    setBusy(false);
    if (!envelope) return;
    if (envelope.code !== 0) {
      setErrors(apiFieldError(envelope, MOBILE_FIELDS));
      return focusFirstInvalid(form.current);
    }
    setStep('new');
  }

  const checkMobile = () => checkOneField('mobile', mobileError(mobile, ctx, t('person.newMobile')), setErrors, form.current);

  async function onChange(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors<MobileField> = { mobile: mobileError(mobile, ctx, t('person.newMobile')), smsCode: smsCodeError(smsCode, ctx) };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const envelope = await run((api) => api.post<UserInfo>('/user/changeMobile', { password: encrypt(password), mobile: mobile.trim(), smsCode: smsCode.trim() }));
    setBusy(false);
    if (!envelope) return;
    if (envelope.code !== 0) {
      const byField = apiFieldError(envelope, MOBILE_FIELDS);
      // The password went wrong since step one (changed elsewhere): start over.
      if (byField.password) { setStep('check'); setPassword(''); }
      setErrors(byField);
      return focusFirstInvalid(form.current);
    }
    auth.setUser(toSessionUser(envelope.data));
    setStep('check');
    setPassword('');
    setMobile('');
    setSmsCode('');
    await revalidator.revalidate();
  }

  return (
    <div className="panel__section">
      <h2 className="panel__subtitle">{t('person.mobileSection')}</h2>
      <p className="panel__lead">{t('person.mobileLead', { mobile: maskMobile(info.user.mobile) })}</p>
      <ol className="steps" aria-label={t('person.mobileSection')}>
        <li className={step === 'check' ? 'is-current' : 'is-done'} aria-current={step === 'check' ? 'step' : undefined}><span>1</span>{t('person.stepCheck')}</li>
        <li className={step === 'new' ? 'is-current' : undefined} aria-current={step === 'new' ? 'step' : undefined}><span>2</span>{t('person.stepNew')}</li>
      </ol>
      {step === 'check' ? (
        <form ref={form} key="check" className="form form--narrow" method="post" noValidate onSubmit={(e) => void onCheck(e)}>
          <TextField name="checkPassword" label={t('auth.password')} type="password" autoComplete="current-password" maxLength={20} value={password} onChange={setPassword} error={errors.password} required />
          <div className="form__actions">
            <SubmitButton busy={busy} busyLabel={t('person.checking')}>{t('person.checkPassword')}</SubmitButton>
          </div>
        </form>
      ) : (
        <form ref={form} key="new" className="form form--narrow" method="post" noValidate onSubmit={(e) => void onChange(e)}>
          <PhoneCodeFields
            names={{ mobile: 'newMobile', smsCode: 'mobileCode' }} mobileLabel={t('person.newMobile')} autoFocus
            mobile={mobile} onMobile={setMobile} smsCode={smsCode} onSmsCode={setSmsCode} errors={errors} checkMobile={checkMobile}
            send={() => run((api) => api.post('/front/user/getVerifyCode', { mobile: mobile.trim(), purpose: 'changeMobile' }))}
            onRefused={(envelope) => setErrors((e) => ({ ...e, ...apiFieldError(envelope, MOBILE_FIELDS) }))}
          />
          <div className="form__actions">
            <SubmitButton busy={busy} busyLabel={t('form.submitting')}>{t('person.changeMobile')}</SubmitButton>
            <button type="button" className="button" disabled={busy} onClick={() => { setStep('check'); setErrors({}); }}>{t('person.back')}</button>
          </div>
        </form>
      )}
    </div>
  );
}
