// /home/person/address: my delivery addresses (at most 8, SPEC §5/§9), default first. Add and edit in a
// form with the region picker, delete after a confirm dialog, make one the default.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Consignee } from '../../api-client/account-types';
import type { Area } from '../../api-client/types';
import { unwrap } from '../../api-client/results';
import { AccountLimits } from '../../domain/account';
import { Codes, messageFor } from '../../domain/codes';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { useApiAction, type RunCall } from '../../components/use-api-action';
import { SubmitButton, TextField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { RegionPicker, type RegionValue } from '../../components/region-picker';
import { Modal } from '../../components/modal';
import { maxLengthError, mobileError, requiredError } from '../../components/account-rules';
import { PersonTitle } from './person-title';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [addresses, provinces] = await Promise.all([
    api.get<Consignee[]>('/consignee/listConsignee', undefined, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  return { addresses: unwrap(addresses), provinces: unwrap(provinces) };
}

type Editing = { mode: 'add' } | { mode: 'edit'; address: Consignee } | null;

export function Component() {
  const { addresses, provinces } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Consignee | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const max = AccountLimits.maxAddresses;
  const full = addresses.length >= max;

  async function setDefault(address: Consignee) {
    setBusyId(address.id);
    const envelope = await run((api) => api.get(`/consignee/setDefault/${address.id}`));
    if (envelope?.code === 0) await revalidator.revalidate();
    setBusyId(null);
  }

  async function remove() {
    if (!deleting) return;
    const id = deleting.id;
    setBusyId(id);
    const envelope = await run((api) => api.post('/consignee/deleteConsignee', { id }));
    if (envelope?.code === 0) {
      await revalidator.revalidate();
      if (editing?.mode === 'edit' && editing.address.id === id) setEditing(null);
    }
    setBusyId(null);
    setDeleting(null);
  }

  return (
    <section className="panel" aria-label={t('person.addressTitle')}>
      <div className="panel__head">
        <PersonTitle title={t('person.addressTitle')} />
        <p className="panel__count">{t('person.addressCount', { count: addresses.length, max })}</p>
        {!editing ? (
          <button type="button" className="button button--primary" disabled={full} aria-describedby={full ? 'address-limit' : undefined} onClick={() => setEditing({ mode: 'add' })}>
            {t('person.addAddress')}
          </button>
        ) : null}
      </div>
      {full ? <p className="notice" id="address-limit">{messageFor(Codes.ADDRESS_LIMIT, lang)}</p> : null}
      {editing ? (
        <AddressForm
          key={editing.mode === 'edit' ? editing.address.id : 'new'}
          address={editing.mode === 'edit' ? editing.address : null}
          provinces={provinces}
          run={run}
          onDone={async (saved) => {
            if (saved) await revalidator.revalidate();
            setEditing(null);
          }}
        />
      ) : null}
      {addresses.length === 0 ? (
        <p className="empty">{t('person.noAddress')}</p>
      ) : (
        <ul className="addresses">
          {addresses.map((a) => (
            <li key={a.id} className={`address${a.isDefault ? ' address--default' : ''}`} data-address-id={a.id}>
              <div className="address__main">
                <p className="address__who">
                  <span className="address__name">{a.consignee}</span>
                  <span className="address__phone">{a.phone}</span>
                  {a.isDefault ? <span className="badge">{t('person.isDefault')}</span> : null}
                </p>
                <p className="address__where">{a.region} {a.detail}</p>
              </div>
              <div className="address__actions" role="group" aria-label={t('person.addressActions', { name: a.consignee })}>
                {!a.isDefault ? (
                  <button type="button" className="link-button" disabled={busyId === a.id} onClick={() => void setDefault(a)}>{t('person.setDefault')}</button>
                ) : null}
                <button type="button" className="link-button" onClick={() => setEditing({ mode: 'edit', address: a })}>{t('form.edit')}</button>
                <button type="button" className="link-button link-button--danger" onClick={() => setDeleting(a)}>{t('person.delete')}</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={deleting !== null}
        title={t('person.deleteTitle')}
        onClose={() => setDeleting(null)}
        footer={(
          <>
            <button type="button" className="button" onClick={() => setDeleting(null)}>{t('form.cancel')}</button>
            <button type="button" className="button button--danger" disabled={busyId !== null} aria-busy={busyId !== null || undefined} onClick={() => void remove()}>
              {t('person.delete')}
            </button>
          </>
        )}
      >
        <p>{t('person.deleteConfirm', { name: deleting?.consignee ?? '' })}</p>
      </Modal>
    </section>
  );
}

type Field = 'consignee' | 'phone' | 'region' | 'detail';

function AddressForm({ address, provinces, run, onDone }: { address: Consignee | null; provinces: Area[]; run: RunCall; onDone(saved: boolean): Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useRef<HTMLFormElement>(null);
  const [consignee, setConsignee] = useState(address?.consignee ?? '');
  const [phone, setPhone] = useState(address?.phone ?? '');
  const [region, setRegion] = useState<RegionValue>({ provinceCode: address?.provinceCode ?? '', cityCode: address?.cityCode ?? '', districtCode: address?.districtCode ?? '' });
  const [detail, setDetail] = useState(address?.detail ?? '');
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const [districtCount, setDistrictCount] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const onDistrictOptions = useCallback((n: number) => setDistrictCount(n), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const ctx = { t, lang };
    const regionMissing = !region.provinceCode ? t('person.province') : !region.cityCode ? t('person.city') : !region.districtCode && districtCount > 0 ? t('person.district') : '';
    const found: FieldErrors<Field> = {
      consignee: requiredError(consignee, ctx, t('person.consignee')) ?? maxLengthError(consignee, 30, ctx, t('person.consignee')),
      phone: mobileError(phone, ctx, t('person.phone')),
      region: regionMissing ? t('form.choose', { field: regionMissing }) : undefined,
      detail: requiredError(detail, ctx, t('person.detail')) ?? maxLengthError(detail, 120, ctx, t('person.detail')),
    };
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setBusy(true);
    const body = { consignee: consignee.trim(), phone: phone.trim(), ...region, detail: detail.trim(), isDefault };
    const envelope = await run((api) => (address ? api.post('/consignee/editorConsignee', { id: address.id, ...body }) : api.post('/consignee/addConsignee', body)));
    if (!envelope || envelope.code !== 0) {
      setBusy(false);
      if (envelope?.code === Codes.INVALID_MOBILE) setErrors({ phone: envelope.message });
      return;
    }
    await onDone(true);
  }

  const idPrefix = address ? `address-${address.id}` : 'address-new';
  return (
    <form ref={form} className="form address-form" method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={address ? t('person.editAddress') : t('person.addAddress')}>
      <h2 className="panel__subtitle">{address ? t('person.editAddress') : t('person.addAddress')}</h2>
      <div className="form__grid">
        <TextField name="consignee" id={`${idPrefix}-consignee`} label={t('person.consignee')} autoComplete="name" maxLength={30} value={consignee} onChange={setConsignee} error={errors.consignee} required />
        <TextField name="phone" id={`${idPrefix}-phone`} label={t('person.phone')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} value={phone} onChange={setPhone} error={errors.phone} required />
      </div>
      <RegionPicker provinces={provinces} value={region} onChange={setRegion} run={run} error={errors.region} idPrefix={idPrefix} onDistrictOptions={onDistrictOptions} />
      <TextField name="detail" id={`${idPrefix}-detail`} label={t('person.detail')} placeholder={t('person.detailPlaceholder')} autoComplete="street-address" maxLength={120} value={detail} onChange={setDetail} error={errors.detail} required />
      <label className="check">
        <input type="checkbox" name="isDefault" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
        <span>{t('person.makeDefault')}</span>
      </label>
      <div className="form__actions">
        <SubmitButton busy={busy} busyLabel={t('form.saving')}>{t('form.save')}</SubmitButton>
        <button type="button" className="button" disabled={busy} onClick={() => void onDone(false)}>{t('form.cancel')}</button>
      </div>
    </form>
  );
}
