// The filter rows of a product listing (SPEC §2): each choice is a real link to its own URL, the price
// range is a small GET form, so every filtered page can be crawled and shared.
import { Form } from 'react-router';
import { Link } from '../../components/link';
import type { CompanySummary } from '../../contracts/common';
import { craftLabels, edgeLabels, patternTypeLabels, shapeLabels, stretchLabels, unitLabels, type Labelled } from '../../domain/catalogue';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { galleryWords } from './catalogue.words';
import { hrefWith, type FilterKey, type ListingFilters, type Sort } from './listing-query';
import type { GalleryPreset } from './presets';
import { HydrateLater } from '../../components/hydrate-later';

interface Option { value: string | number | undefined; label: string }

export interface FilterRowsProps {
  path: string;
  filters: ListingFilters;
  rows: GalleryPreset['rows'];
  omit: FilterKey[];
  companies: CompanySummary[];
}

export function FilterRows({ path, filters, rows, omit, companies }: FilterRowsProps) {
  const w = useWords(galleryWords);
  const lang = useLang();
  const codes = (labels: Record<number, Labelled>): Option[] => Object.entries(labels).map(([value, l]) => ({ value: Number(value), label: l[lang] }));
  const sorts: Array<{ value: Sort; label: string }> = [
    { value: 'newest', label: w.sortNewest },
    { value: 'popular', label: w.sortPopular },
    { value: 'priceAsc', label: w.sortPriceAsc },
    { value: 'priceDesc', label: w.sortPriceDesc },
  ];
  const anySet = ['patternType', 'shape', 'unit', 'edge', 'craft', 'stretch', 'priceMin', 'priceMax', 'companyId'].some((k) => !omit.includes(k as FilterKey) && filters[k as keyof ListingFilters] !== undefined);
  return (
    <section className="filters" aria-label={w.filters}>
      {rows.includes('patternType') ? <Row label={w.patternType} name="patternType" options={codes(patternTypeLabels)} path={path} filters={filters} omit={omit} all={w.all} /> : null}
      {rows.includes('shape') ? <Row label={w.shape} name="shape" options={codes(shapeLabels)} path={path} filters={filters} omit={omit} all={w.all} /> : null}
      {rows.includes('unit') ? <Row label={w.unit} name="unit" options={codes(unitLabels)} path={path} filters={filters} omit={omit} all={w.all} /> : null}
      {rows.includes('edge') ? <Row label={w.edge} name="edge" options={codes(edgeLabels)} path={path} filters={filters} omit={omit} all={w.all} /> : null}
      {rows.includes('craft') ? <Row label={w.craft} name="craft" options={codes(craftLabels)} path={path} filters={filters} omit={omit} all={w.all} /> : null}
      {rows.includes('stretch') ? <Row label={w.stretch} name="stretch" options={codes(stretchLabels)} path={path} filters={filters} omit={omit} all={w.all} /> : null}
      {rows.includes('company') && companies.length > 0 ? (
        <Row label={w.company} name="companyId" options={companies.map((c) => ({ value: c.id, label: lang === 'en' ? c.nameEn || c.name : c.abbreviation || c.name }))} path={path} filters={filters} omit={omit} all={w.all} />
      ) : null}
      {rows.includes('price') ? <PriceRow path={path} filters={filters} omit={omit} /> : null}
      {rows.includes('sort') ? (
        <HydrateLater><div className="filters__row">
          <span className="filters__label">{w.sort}</span>
          <ul className="filters__options">
            {sorts.map((s) => (
              <li key={s.value}>
                <Link className={`filters__option${filters.sort === s.value ? ' is-active' : ''}`} aria-current={filters.sort === s.value ? 'true' : undefined} to={hrefWith(path, filters, { sort: s.value }, omit)}>{s.label}</Link>
              </li>
            ))}
          </ul>
        </div></HydrateLater>
      ) : null}
      {anySet ? <p className="filters__clear"><Link to={hrefWith(path, { sort: filters.sort, page: 1, keyword: filters.keyword }, {}, omit)}>{w.clear}</Link></p> : null}
    </section>
  );
}

function Row({ label, name, options, path, filters, omit, all }: { label: string; name: 'patternType' | 'shape' | 'unit' | 'edge' | 'craft' | 'stretch' | 'companyId'; options: Option[]; path: string; filters: ListingFilters; omit: FilterKey[]; all: string }) {
  const current = filters[name];
  // Each row of links hydrates in a task of its own (HydrateLater).
  return (
    <HydrateLater><div className="filters__row">
      <span className="filters__label">{label}</span>
      <ul className="filters__options">
        {[{ value: undefined, label: all }, ...options].map((o) => {
          const active = current === o.value;
          return (
            <li key={String(o.value ?? 'all')}>
              <Link className={`filters__option${active ? ' is-active' : ''}`} aria-current={active ? 'true' : undefined} to={hrefWith(path, filters, { [name]: o.value }, omit)}>{o.label}</Link>
            </li>
          );
        })}
      </ul>
    </div></HydrateLater>
  );
}

function PriceRow({ path, filters, omit }: { path: string; filters: ListingFilters; omit: FilterKey[] }) {
  const w = useWords(galleryWords);
  // The other filters ride along as hidden fields; a new price range starts again at page 1.
  const keep: Array<[string, string]> = [];
  for (const key of ['keyword', 'patternType', 'shape', 'unit', 'edge', 'craft', 'stretch', 'companyId', 'sort'] as const) {
    const v = filters[key];
    if (v === undefined || omit.includes(key) || (key === 'sort' && v === 'newest')) continue;
    keep.push([key, String(v)]);
  }
  return (
    <HydrateLater><div className="filters__row">
      <span className="filters__label" id="price-filter-label">{w.price}</span>
      <Form method="get" action={path} className="filters__price" aria-labelledby="price-filter-label">
        {keep.map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
        <label className="visually-hidden" htmlFor="price-min">{w.priceMin}</label>
        <input id="price-min" className="filters__price-input" name="priceMin" type="number" min="0" step="0.01" inputMode="decimal" placeholder={w.priceMinShort} defaultValue={filters.priceMin ?? ''} key={`min-${filters.priceMin ?? ''}`} />
        <span aria-hidden="true">{w.priceTo}</span>
        <label className="visually-hidden" htmlFor="price-max">{w.priceMax}</label>
        <input id="price-max" className="filters__price-input" name="priceMax" type="number" min="0" step="0.01" inputMode="decimal" placeholder={w.priceMaxShort} defaultValue={filters.priceMax ?? ''} key={`max-${filters.priceMax ?? ''}`} />
        <button type="submit" className="button filters__apply">{w.apply}</button>
      </Form>
    </div></HydrateLater>
  );
}
