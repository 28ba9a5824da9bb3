// The address form (add or edit), with the region picker and the rules of SPEC §5/§9: used by the address
// book and, in a dialog, by the order confirmation, so a buyer adds or edits an address without leaving.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Consignee } from '../../contracts/account';
import type { Area } from '../../contracts/common';
import { Codes } from '../../domain/codes';
import { useLang } from '../../components/use-lang';
import type { RunCall } from '../../components/use-api-action';
import { SubmitButton, TextField, focusFirstInvalid, hasErrors, type FieldErrors } from '../../components/form-field';
import { RegionPicker, type RegionValue } from '../../components/region-picker';
import { maxLengthError, mobileError, requiredError } from '../../components/account-rules';

type Field = 'consignee' | 'phone' | 'region' | 'detail';

export interface AddressFormProps {
  address: Consignee | null;
  provinces: Area[];
  run: RunCall;
  /** Called with the saved address, or null when cancelled. */
  onDone(saved: Consignee | null): Promise<void> | void;
  /** Where the element ids start (two forms on one page must differ). */
  idPrefix?: string;
  /** Inside a dialog the dialog's title names the form. */
  showTitle?: boolean;
}

export function AddressForm({ address, provinces, run, onDone, idPrefix: prefix, showTitle = true }: AddressFormProps) {
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
    const envelope = await run((api) => (address ? api.post<Consignee>('/consignee/editorConsignee', { id: address.id, ...body }) : api.post<Consignee>('/consignee/addConsignee', body)));
    if (!envelope || envelope.code !== 0) {
      setBusy(false);
      if (envelope?.code === Codes.INVALID_MOBILE) setErrors({ phone: envelope.message });
      return;
    }
    await onDone(envelope.data);
  }

  const idPrefix = prefix ?? (address ? `address-${address.id}` : 'address-new');
  return (
    <form ref={form} className="form address-form" method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={address ? t('person.editAddress') : t('person.addAddress')}>
      {showTitle ? <h2 className="panel__subtitle">{address ? t('person.editAddress') : t('person.addAddress')}</h2> : null}
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
        <button type="button" className="button" disabled={busy} onClick={() => void onDone(null)}>{t('form.cancel')}</button>
      </div>
    </form>
  );
}
