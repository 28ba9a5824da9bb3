// /buy/release and /supply/release (and the same forms in the personal centre, releasePurchase and
// releaseSupply): which form is read from the path.
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { loaderDeps } from '../../loader-context';
import { SeoHead } from '../../components/seo-head';
import { useWords } from '../../components/use-words';
import { PersonTitle } from '../person/person-title';
import { tradeWords } from './trade.words';
import { ReleaseForm } from './release-form';

export function loader({ context }: LoaderFunctionArgs) {
  return { publicUrl: loaderDeps(context).publicUrl };
}

export function Component() {
  const { publicUrl } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const w = useWords(tradeWords);
  const kind = /supply|Supply/.test(pathname) ? 'supply' : 'buy';
  const title = kind === 'buy' ? w.buyTitle : w.supplyTitle;
  const intro = kind === 'buy' ? w.buyIntro : w.supplyIntro;
  if (pathname.startsWith('/home/person')) {
    return (
      <section className="panel" aria-label={title}>
        <div className="panel__head"><PersonTitle title={title} /></div>
        <p className="muted">{intro}</p>
        <ReleaseForm kind={kind} />
      </section>
    );
  }
  return (
    <>
      <SeoHead title={title} description={intro} publicUrl={publicUrl} path={pathname} />
      <div className="trade">
        <header className="hero"><h1 className="hero__title">{title}</h1><p className="hero__subtitle">{intro}</p></header>
        <ReleaseForm kind={kind} />
      </div>
    </>
  );
}
