// One company in a list (quality mills, followed shops): logo, name, kind, place, main business.
import type { ReactNode } from 'react';
import { Link } from './link';
import type { CompanySummary } from '../contracts/common';
import { userTypeLabels } from '../domain/catalogue';
import { LazyImage } from './lazy-image';
import { useLang } from './use-lang';
import { byLang } from '../domain/format';

export function companyName(c: { name: string; nameEn: string }, lang: 'zh' | 'en'): string {
  return byLang(lang, c.name, c.nameEn);
}

export function CompanyCard({ company, countLabel, children }: { company: CompanySummary; countLabel: string; children?: ReactNode }) {
  const lang = useLang();
  const name = companyName(company, lang);
  return (
    <li className="company-card">
      <Link to={`/company/${company.id}`} className="company-card__link">
        <span className="company-card__logo"><LazyImage src={company.logoUrl} alt={name} round sizes="56px" /></span>
        <span className="company-card__body">
          <span className="company-card__name">{name}</span>
          <span className="company-card__meta">
            {userTypeLabels[company.kind]?.[lang] ?? ''}
            {company.province || company.city ? ` · ${[company.province, company.city].filter(Boolean).join(' ')}` : ''}
          </span>
          {company.mainBusiness ? <span className="company-card__business">{byLang(lang, company.mainBusiness, company.mainBusinessEn)}</span> : null}
          <span className="company-card__count">{countLabel}</span>
        </span>
      </Link>
      {children}
    </li>
  );
}
