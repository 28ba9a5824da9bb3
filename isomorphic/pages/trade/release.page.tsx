// /buy/release and /supply/release (and the same forms in the personal centre, releasePurchase and
// releaseSupply): which form is read from the path. /supply/{id}/edit: the same form filled with the
// owner's offer (the api checks the owner again when it is saved).
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { SupplyDetail, SupplyView } from '../../contracts/supply';
import { Codes } from '../../domain/codes';
import { loaderDeps } from '../../loader-context';
import { SeoHead } from '../../components/seo-head';
import { useWords } from '../../components/use-words';
import { PersonTitle } from '../person/person-title';
import { tradeWords } from './trade.words';
import { ReleaseForm } from './release-form';

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  if (params.id === undefined) return { publicUrl, editing: null };
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Response('Not Found', { status: 404 });
  const e = await api.get<SupplyView>('/companySupply/get', { id }, { signal: request.signal });
  if (e.code !== Codes.OK) throw new Response('Not Found', { status: 404 });
  // Someone else's offer (or a guest): the page says so and links back to the offer.
  return { publicUrl, editing: { id, detail: e.data.detail?.mine ? e.data.detail : null as SupplyDetail | null } };
}

export function Component() {
  const { publicUrl, editing } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const w = useWords(tradeWords);
  if (editing) {
    return (
      <>
        <SeoHead title={w.editSupplyTitle} description={w.supplyIntro} publicUrl={publicUrl} path={pathname} noindex />
        <div className="trade">
          <p className="muted"><Link to={`/supply/${editing.id}`}>{w.supplyDetail}</Link> › {w.editSupplyTitle}</p>
          <header className="hero"><h1 className="hero__title">{w.editSupplyTitle}</h1></header>
          {editing.detail ? <ReleaseForm kind="supply" editing={editing.detail} /> : <p className="panel notice" role="note" data-not-owner="">{w.notYourSupply}</p>}
        </div>
      </>
    );
  }
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
