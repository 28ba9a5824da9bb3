// "Ask the seller" on the product page, /supply/{id} and /buy/{id} (where a merchant asks the buyer):
// a guest is sent to sign in; a signed-in person opens the form, which loads only then (its code and
// messages stay out of those pages' first script). The page decides whether to show it at all (SPEC §6:
// only to whoever may read the details, never to the owner); the api decides again.
import { lazy, Suspense, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { useStores } from '../../stores/root.store';
import { loginPath } from '../../data-strategy';
import { useWords } from '../../components/use-words';
import { askWords } from './ask.words';

const AskForm = lazy(() => import(/* webpackChunkName: "enquiry-ask" */ './ask-form'));

/** `ownerCompanyId`: the company that owns it, whose own people see no entry. */
export const AskSeller = observer(function AskSeller({ kind, targetId, toBuyer = false, ownerCompanyId }: { kind: number; targetId: number; toBuyer?: boolean; ownerCompanyId?: number | null }) {
  const { auth } = useStores();
  const location = useLocation();
  const w = useWords(askWords);
  const [open, setOpen] = useState(false);
  const label = toBuyer ? w.askBuyer : w.askSeller;
  if (ownerCompanyId != null && auth.company?.id === ownerCompanyId) return null;
  if (!auth.isAuthenticated) return <Link className="button ask-seller__open" to={loginPath(location)}>{w.signInToAsk}</Link>;
  if (!open) return <button type="button" className="button ask-seller__open" data-ask={kind} onClick={() => setOpen(true)}>{label}</button>;
  return (
    <Suspense fallback={<p className="ask-seller" aria-busy="true"><span className="spinner" aria-hidden="true" /> {w.sending}</p>}>
      <AskForm kind={kind} targetId={targetId} title={label} onClose={() => setOpen(false)} />
    </Suspense>
  );
});
