// /home/person/info (and /home/person itself): my details, and a form to change nickname, real name
// and email. The header's greeting and the display cookie follow a saved nickname.
import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { SessionInfo, UserInfo } from '../../contracts/account';
import { useStores } from '../../stores/root.store';
import { toSessionUser } from '../../stores/auth.store';
import { useLang } from '../../components/use-lang';
import { useApiAction } from '../../components/use-api-action';
import { SubmitButton, TextField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { maxLengthError, requiredError } from '../../components/account-rules';
import { PersonTitle } from './person-title';
import { byLang } from '../../domain/format';

type Field = 'nickname' | 'realName' | 'email';
const MAX = 30;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function Component() {
  const info = useRouteLoaderData('person') as SessionInfo;
  const { t } = useTranslation();
  const lang = useLang();
  const [editing, setEditing] = useState(false);
  const { user, company } = info;
  const notSet = <span className="muted">{t('person.notSet')}</span>;
  return (
    <section className="panel" aria-label={t('person.infoTitle')}>
      <div className="panel__head">
        <PersonTitle title={t('person.infoTitle')} />
        {!editing ? <button type="button" className="button" onClick={() => setEditing(true)}>{t('person.editInfo')}</button> : null}
      </div>
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <dl className="facts">
          <div><dt>{t('person.mobile')}</dt><dd>{user.mobile}</dd></div>
          <div><dt>{t('person.userType')}</dt><dd>{t(`auth.userType${user.userType}` as 'auth.userType1')}</dd></div>
          <div><dt>{t('person.nickname')}</dt><dd>{user.nickname || notSet}</dd></div>
          <div><dt>{t('person.realName')}</dt><dd>{user.realName || notSet}</dd></div>
          <div><dt>{t('person.email')}</dt><dd>{user.email || notSet}</dd></div>
          <div><dt>{t('person.company')}</dt><dd>{company ? byLang(lang, company.name, company.nameEn) : notSet}</dd></div>
          <div><dt>{t('person.settled')}</dt><dd>{user.settled ? t('person.settledYes') : t('person.settledNo')}</dd></div>
          <div><dt>{t('person.joined')}</dt><dd>{user.createdAt.slice(0, 10)}</dd></div>
        </dl>
      )}
    </section>
  );
}

function ProfileForm({ user, onDone }: { user: UserInfo; onDone(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { auth } = useStores();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [nickname, setNickname] = useState(user.nickname);
  const [realName, setRealName] = useState(user.realName);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const ctx = { t, lang };
    const found: FieldErrors<Field> = {
      nickname: requiredError(nickname, ctx, t('person.nickname')) ?? maxLengthError(nickname, MAX, ctx, t('person.nickname')),
      realName: maxLengthError(realName, MAX, ctx, t('person.realName')),
      email: email.trim() && !EMAIL.test(email.trim()) ? t('form.emailInvalid') : undefined,
    };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const envelope = await run((api) => api.post<UserInfo>('/user/updateUser', { nickname: nickname.trim(), realName: realName.trim(), email: email.trim() }));
    setBusy(false);
    if (!envelope || envelope.code !== 0) return;
    auth.setUser(toSessionUser(envelope.data));
    await revalidator.revalidate();
    onDone();
  }

  return (
    <form ref={form} className="form form--narrow" method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField name="nickname" label={t('person.nickname')} autoComplete="nickname" maxLength={MAX} value={nickname} onChange={setNickname} error={errors.nickname} required />
      <TextField name="realName" label={t('person.realName')} autoComplete="name" maxLength={MAX} value={realName} onChange={setRealName} error={errors.realName} hint={t('form.optional')} />
      <TextField name="email" label={t('person.email')} type="email" autoComplete="email" maxLength={100} value={email} onChange={setEmail} error={errors.email} hint={t('form.optional')} />
      <div className="form__actions">
        <SubmitButton busy={busy} busyLabel={t('form.saving')}>{t('form.save')}</SubmitButton>
        <button type="button" className="button" onClick={onDone} disabled={busy}>{t('form.cancel')}</button>
      </div>
    </form>
  );
}
