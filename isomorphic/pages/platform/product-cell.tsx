// One product in the console's lists: its cover, title (a link to its public page while on sale) and pattern code.
import { Link } from '../../components/link';
import type { PlatformProduct } from '../../contracts/catalogue-seller';
import { ProductStatus } from '../../domain/catalogue';
import { byLang } from '../../domain/format';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { catalogueDeskWords } from './catalogue-desk.words';

export function ProductCell({ product: p }: { product: PlatformProduct }) {
  const d = useWords(catalogueDeskWords);
  const lang = useLang();
  const title = byLang(lang, p.title, p.titleEn);
  return (
    <div className="desk-product">
      {p.cover ? <img src={p.cover.url} alt={title} width={72} height={72} loading="lazy" /> : null}
      <div>
        {p.status === ProductStatus.ON_SALE ? <Link to={`/flower/${p.id}`} target="_blank" rel="noopener">{title}</Link> : <span>{title}</span>}
        <br /><span className="muted">{d.code} {p.code}</span>
      </div>
    </div>
  );
}
