// /home/person/customRequests: the buyer's custom requests of both kinds, newest first, each with the
// quotes and declines of the matching sellers (issue 17); links to send a new one.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { CustomRequest } from '../../contracts/catalogue';
import type { Page } from '../../contracts/common';
import { CustomQuoteLimits } from '../../domain/custom-quote';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { fill, useWords } from '../../components/use-words';
import { Pager, pageCount, pageParam, usePageHref } from '../catalogue/pager';
import { PersonTitle } from '../person/person-title';
import { MyRequests } from './my-requests';
import { quoteWords } from './quote.words';

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const pageNum = pageParam(new URL(request.url));
  return { page: unwrap(await api.get<Page<CustomRequest>>('/custom/myRequests', { pageNum, pageSize: PAGE_SIZE }, { signal: request.signal })) };
}

export function Component() {
  const { page } = useLoaderData<typeof loader>();
  const w = useWords(quoteWords);
  const href = usePageHref('/home/person/customRequests');
  return (
    <section className="panel">
      <div className="panel__head">
        <PersonTitle title={w.personTitle} />
        <p className="custom-new">
          <Link className="button" to="/flower/custom">{w.newPattern}</Link>
          <Link className="button" to="/home/clothes/custom">{w.newGarment}</Link>
        </p>
      </div>
      <p className="muted">{fill(w.personIntro, { days: String(CustomQuoteLimits.openDays) })}</p>
      <MyRequests requests={page.list} showKind heading={false} />
      <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={href} />
    </section>
  );
}
