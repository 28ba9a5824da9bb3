// /supply/{id}: one supply offer. Buyers (type 3) and its owner read the details; anyone else gets the
// teaser and the api's reason (SPEC §6). A signed-in buyer or trader may follow it.
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { SupplyView } from '../../contracts/supply';
import type { FavouriteState } from '../../contracts/catalogue';
import { FavouriteType, UserType } from '../../domain/catalogue';
import { Codes } from '../../domain/codes';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { SeoHead } from '../../components/seo-head';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { tradeWords } from './trade.words';
import { AskSeller } from '../enquiry/ask-seller';
import { TradeDetailFrame } from './trade-parts';
import { EnquiryTarget } from '../../domain/enquiry';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, stores, publicUrl } = loaderDeps(context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Response('Not Found', { status: 404 });
  const view = unwrap(await api.get<SupplyView>('/companySupply/get', { id }, { signal: request.signal }));
  let followed = false;
  if (stores.auth.isAuthenticated) {
    const e = await api.get<FavouriteState>('/favorite/status', { type: FavouriteType.SUPPLY, targetId: id }, { signal: request.signal }).catch(() => null);
    followed = e?.code === Codes.OK && e.data.followed;
  }
  return { id, view, followed, publicUrl };
}

export const Component = observer(function SupplyDetailPage() {
  const { id, view, followed, publicUrl } = useLoaderData<typeof loader>();
  const w = useWords(tradeWords);
  const lang = useLang();
  const { auth } = useStores();
  const t = view.teaser;
  const d = view.detail;
  const company = lang === 'en' && t.companyNameEn ? t.companyNameEn : t.companyName;
  const title = d ? d.description : `${t.catalogueLabel}${company ? ` · ${company}` : ''}`;
  const type = auth.user?.userType;
  const mayFollow = auth.isAuthenticated && (type === UserType.TRADER || type === UserType.DESIGNER) && !d?.mine;
  return (
    <>
      <SeoHead title={`${w.supplyDetail} #${id}`} description={`${t.catalogueLabel} · ${t.statusLabel}`} publicUrl={publicUrl} path={`/supply/${id}`} />
      <TradeDetailFrame
        data={{ 'data-supply': id }} hall={{ href: '/supplyAndBuy?tab=supply', label: w.hallTitle }} crumb={w.supplyDetail}
        image={d ? { url: d.imageUrl, alt: d.description } : null} title={title} hidden={view.hidden}
        facts={(
          <>
            <div><dt>{w.status}</dt><dd>{t.statusLabel}</dd></div>
            <div><dt>{w.catalogue}</dt><dd>{t.catalogueLabel}</dd></div>
            {company ? <div><dt>{w.company}</dt><dd>{t.companyId ? <Link to={`/company/${t.companyId}`}>{company}</Link> : company}</dd></div> : null}
            {d ? <div><dt>{w.quantity}</dt><dd>{d.quantity} {t.unitLabel}</dd></div> : null}
            {d ? <div><dt>{w.sample}</dt><dd>{d.sample ? w.yes : w.no}</dd></div> : null}
            <div><dt>{w.collectionSupply}</dt><dd>{fill(w.favourites, { n: t.favouriteCount })}</dd></div>
          </>
        )}
      >
        {d?.mine ? <p className="trade__actions"><Link className="button button--small" to={`/supply/${id}/edit`} data-edit-supply={id}>{w.edit}</Link></p> : null}
        {mayFollow && t.status === 1 ? <Follow id={id} followed={followed} /> : null}
        {d && !d.mine && t.status === 1 ? <AskSeller kind={EnquiryTarget.SUPPLY} targetId={id} ownerCompanyId={t.companyId} /> : null}
      </TradeDetailFrame>
    </>
  );
});

const Follow = observer(function Follow({ id, followed }: { id: number; followed: boolean }) {
  const w = useWords(tradeWords);
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const e = await run((api) => api.post<FavouriteState>('/favorite/favoriteBus', { type: FavouriteType.SUPPLY, targetId: id, follow: !followed }));
      if (e?.code === Codes.OK) await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }
  return <p><button type="button" className="button button--small" disabled={busy} aria-pressed={followed} onClick={() => void toggle()}>{followed ? w.unfollow : w.follow}</button></p>;
});
