// Province / city / district selects (SPEC §7 area calls). Provinces come with the page; cities and
// districts load from /front/area/byParent as a level is chosen. Some cities have no districts.
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import type { Area } from '../contracts/common';
import type { RunCall } from './use-api-action';

export interface RegionValue { provinceCode: string; cityCode: string; districtCode: string }

export interface RegionPickerProps {
  provinces: Area[];
  value: RegionValue;
  onChange(value: RegionValue): void;
  run: RunCall;
  error?: string;
  idPrefix: string;
  /** Told how many districts the chosen city has (0: none to choose, the district is not required). */
  onDistrictOptions?(count: number): void;
  /** 2: province and city only (an industry area is a city); 3 (default): down to the district. */
  levels?: 2 | 3;
}

function useChildren(parentCode: string, run: RunCall): { list: Area[]; loading: boolean } {
  const [state, setState] = useState<{ parent: string; list: Area[]; loading: boolean }>({ parent: '', list: [], loading: false });
  useEffect(() => {
    if (!parentCode) {
      setState({ parent: '', list: [], loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, parent: parentCode, loading: true }));
    void run((api) => api.get<Area[]>('/front/area/byParent', { parentCode }), { quiet: true }).then((envelope) => {
      if (live) setState({ parent: parentCode, list: envelope?.code === 0 ? envelope.data : [], loading: false });
    });
    return () => { live = false; };
  }, [parentCode, run]);
  return { list: state.parent === parentCode ? state.list : [], loading: state.loading };
}

export function RegionPicker({ provinces, value, onChange, run, error, idPrefix, onDistrictOptions, levels = 3 }: RegionPickerProps) {
  const { t } = useTranslation();
  const cities = useChildren(value.provinceCode, run);
  const districts = useChildren(levels === 3 ? value.cityCode : '', run);
  const districtCount = districts.loading ? -1 : districts.list.length;
  useEffect(() => {
    if (districtCount >= 0) onDistrictOptions?.(districtCount);
  }, [districtCount, onDistrictOptions]);
  const errorId = `${idPrefix}-region-error`;
  const invalid = (missing: boolean) => (error && missing ? true : undefined);
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset className={`field region${error ? ' field--invalid' : ''}`}>
      <legend className="field__label">{t('person.region')}</legend>
      <div className={`region__selects${levels === 2 ? ' region__selects--2' : ''}`}>
        <label className="visually-hidden" htmlFor={`${idPrefix}-province`}>{t('person.province')}</label>
        <select
          id={`${idPrefix}-province`} name="provinceCode" className="field__input" value={value.provinceCode}
          aria-invalid={invalid(!value.provinceCode)} aria-describedby={describedBy}
          onChange={(e) => onChange({ provinceCode: e.target.value, cityCode: '', districtCode: '' })}
        >
          <option value="">{t('person.chooseProvince')}</option>
          {provinces.map((a) => <option key={a.code} value={a.code}>{a.name}</option>)}
        </select>
        <label className="visually-hidden" htmlFor={`${idPrefix}-city`}>{t('person.city')}</label>
        <select
          id={`${idPrefix}-city`} name="cityCode" className="field__input" value={value.cityCode}
          disabled={!value.provinceCode || cities.loading} aria-invalid={invalid(!value.cityCode)} aria-describedby={describedBy}
          onChange={(e) => onChange({ ...value, cityCode: e.target.value, districtCode: '' })}
        >
          <option value="">{t('person.chooseCity')}</option>
          {cities.list.map((a) => <option key={a.code} value={a.code}>{a.name}</option>)}
        </select>
        {levels === 3 ? (
          <>
          <label className="visually-hidden" htmlFor={`${idPrefix}-district`}>{t('person.district')}</label>
          <select
            id={`${idPrefix}-district`} name="districtCode" className="field__input" value={value.districtCode}
            disabled={!value.cityCode || districts.loading || districts.list.length === 0}
            aria-invalid={invalid(!value.districtCode && districts.list.length > 0)} aria-describedby={describedBy}
            onChange={(e) => onChange({ ...value, districtCode: e.target.value })}
          >
            <option value="">{t('person.chooseDistrict')}</option>
            {districts.list.map((a) => <option key={a.code} value={a.code}>{a.name}</option>)}
          </select>
          </>
        ) : null}
      </div>
      {error ? <p className="field__error" id={errorId}>{error}</p> : null}
    </fieldset>
  );
}
