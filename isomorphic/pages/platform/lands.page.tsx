// /platform/lands: the lace-industry areas where the platform accepts sellers (SPEC §7
// /common/getSettledLands). Operators add an area, edit one, or close it to new applications; every save
// is in the audit log. Closed areas stay on the list here and leave the settlement form.
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { Area } from '../../contracts/common';
import type { SettledLand } from '../../contracts/settlement';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { codeMessages } from '../../domain/code-messages';
import { PlatformLimits } from '../../domain/platform';
import { loaderDeps } from '../../loader-context';
import { RegionPicker, type RegionValue } from '../../components/region-picker';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { platformWords } from './platform.words';
import { byLang } from '../../domain/format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [lands, provinces] = await Promise.all([
    api.get<SettledLand[]>('/platform/land/list', undefined, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  return { lands: unwrap(lands), provinces: unwrap(provinces) };
}

export function Component() {
  const { lands } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const lang = useLang();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const nextSort = lands.reduce((max, l) => Math.max(max, l.sort + 1), 0);
  return (
    <section className="panel" aria-label={w.lands}>
      <p className="muted">{w.landsHint}</p>
      {editing === 'new'
        ? <LandForm land={null} nextSort={nextSort} onDone={() => setEditing(null)} />
        : <button type="button" className="button button--primary" data-land-add onClick={() => setEditing('new')}>{w.addLand}</button>}
      {lands.length === 0 ? <p className="muted">{w.empty}</p> : (
        <table className="console-table">
          <thead><tr><th>{w.land}</th><th>{w.speciality}</th><th>{w.status}</th><th>{w.sort}</th><th>{w.action}</th></tr></thead>
          <tbody>
            {lands.map((l) => editing === l.id ? (
              <tr key={l.id} data-land={l.id}><td colSpan={5}><LandForm land={l} nextSort={nextSort} onDone={() => setEditing(null)} /></td></tr>
            ) : (
              <tr key={l.id} data-land={l.id} data-open={l.open ? 'true' : 'false'}>
                <td>{byLang(lang, l.name, l.nameEn)}</td>
                <td>{byLang(lang, l.speciality, l.specialityEn)}</td>
                <td>{l.open ? w.landOpen : w.landClosed}</td>
                <td>{l.sort}</td>
                <td><button type="button" className="button button--small" data-land-edit={l.id} onClick={() => setEditing(l.id)}>{w.edit}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

interface LandDraft { name: string; nameEn: string; speciality: string; specialityEn: string; open: boolean; sort: string }

function LandForm({ land, nextSort, onDone }: { land: SettledLand | null; nextSort: number; onDone(): void }) {
  const { provinces } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<LandDraft>({
    name: land?.name ?? '', nameEn: land?.nameEn ?? '', speciality: land?.speciality ?? '', specialityEn: land?.specialityEn ?? '',
    open: land?.open ?? true, sort: String(land?.sort ?? nextSort),
  });
  const [region, setRegion] = useState<RegionValue>({ provinceCode: land?.provinceCode ?? '', cityCode: land?.cityCode ?? '', districtCode: '' });
  const [errors, setErrors] = useState<{ name?: string; region?: string; sort?: string }>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof LandDraft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [key]: key === 'open' ? e.target.checked : e.target.value }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    const nameLength = [...draft.name.trim()].length;
    if (nameLength < PlatformLimits.landName.min || nameLength > PlatformLimits.landName.max) found.name = codeMessages[Codes.PLATFORM_LAND_NAME][lang];
    if (!region.provinceCode || !region.cityCode) found.region = codeMessages[Codes.PLATFORM_LAND_REGION][lang];
    const sort = Number(draft.sort);
    if (!/^\d+$/.test(draft.sort) || sort > PlatformLimits.landSort.max) found.sort = w.sortRule;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const r = await run((api) => api.post<SettledLand>('/platform/land/save', {
      ...(land ? { id: land.id } : {}), name: draft.name.trim(), nameEn: draft.nameEn.trim(), provinceCode: region.provinceCode, cityCode: region.cityCode,
      speciality: draft.speciality.trim(), specialityEn: draft.specialityEn.trim(), open: draft.open, sort,
    }));
    setBusy(false);
    if (r?.code === 0) { onDone(); await revalidator.revalidate(); }
  }

  const idPrefix = land ? `land-${land.id}` : 'land-new';
  return (
    <form className="land-form" onSubmit={(e) => void save(e)} noValidate data-land-form={land ? land.id : 'new'}>
      <h2 className="land-form__title">{land ? w.editLand : w.addLand}</h2>
      <label className="field">
        <span className="field__label">{w.landName}</span>
        <input className="field__input" name="name" value={draft.name} maxLength={PlatformLimits.landName.max} onChange={set('name')} aria-invalid={errors.name ? true : undefined} />
        {errors.name ? <span className="field__error" role="alert">{errors.name}</span> : null}
      </label>
      <label className="field">
        <span className="field__label">{w.landNameEn}</span>
        <input className="field__input" name="nameEn" value={draft.nameEn} maxLength={PlatformLimits.landNameEn.max} onChange={set('nameEn')} />
      </label>
      <RegionPicker provinces={provinces} value={region} onChange={setRegion} run={run} error={errors.region} idPrefix={idPrefix} levels={2} />
      <label className="field">
        <span className="field__label">{w.speciality}</span>
        <input className="field__input" name="speciality" value={draft.speciality} maxLength={PlatformLimits.speciality.max} onChange={set('speciality')} />
      </label>
      <label className="field">
        <span className="field__label">{w.specialityEn}</span>
        <input className="field__input" name="specialityEn" value={draft.specialityEn} maxLength={PlatformLimits.specialityEn.max} onChange={set('specialityEn')} />
      </label>
      <label className="field">
        <span className="field__label">{w.sort}</span>
        <input className="field__input" name="sort" inputMode="numeric" value={draft.sort} onChange={set('sort')} aria-invalid={errors.sort ? true : undefined} />
        {errors.sort ? <span className="field__error" role="alert">{errors.sort}</span> : null}
      </label>
      <label className="land-form__check">
        <input type="checkbox" name="open" checked={draft.open} onChange={set('open')} /> {w.landOpenLabel}
      </label>
      <div className="land-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? w.working : w.save}</button>
        <button type="button" className="button" onClick={onDone} disabled={busy}>{w.cancel}</button>
      </div>
    </form>
  );
}
