// /settle/rules: the platform rules a settling company agrees to, in both languages (public).
import { Link } from '../../components/link';
import { platformRules } from '../../domain/settlement';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { settleWords } from './settle.words';

export function Component() {
  const lang = useLang();
  const w = useWords(settleWords);
  return (
    <article className="rules panel">
      <title>{w.rulesTitle}</title>
      <h1>{w.rulesTitle}</h1>
      <p>{w.rulesIntro}</p>
      {platformRules.map((r) => (
        <section key={r.title.en}>
          <h2>{r.title[lang]}</h2>
          <p>{r.body[lang]}</p>
        </section>
      ))}
      <p><Link className="button button--primary" to="/settle/apply">{w.applyNow}</Link></p>
    </article>
  );
}
