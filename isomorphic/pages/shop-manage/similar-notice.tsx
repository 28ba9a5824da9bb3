// The seller's notice of pattern-copy detection (issue 17 item 2), on the product list and form: the other
// companies' on-sale products this product's pictures are nearly the same as, each a link to its public
// page, and nothing more about them.
import { Link } from '../../components/link';
import type { SimilarProduct } from '../../contracts/catalogue-seller';
import { byLang } from '../../domain/format';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { productsWords } from './products.words';

/** Pattern-copy detection's notice: the other companies' products this one is nearly the same as, each a link to its public page. */
export function SimilarNotice({ similar }: { similar: SimilarProduct[] }) {
  const w = useWords(productsWords);
  const lang = useLang();
  if (similar.length === 0) return null;
  return (
    <div className="notice" role="status" data-similar-to={similar.map((s) => s.id).join(',')}>
      <p>{w.similarTo}{similar.map((s, i) => <span key={s.id}>{i > 0 ? lang === 'zh' ? '、' : ', ' : null}<Link to={`/flower/${s.id}`} target="_blank" rel="noopener">{byLang(lang, s.title, s.titleEn)}</Link></span>)}</p>
      <p className="muted">{w.similarHint}</p>
    </div>
  );
}
