// /platform: the operator console's frame. Its loader asks the api who is signed in and refuses anyone
// but an operator with 403 (on the server render and on client navigation alike); every call of its
// pages is refused to others at the api as well.
import { NavLink, Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useWords } from '../../components/use-words';
import { loadSessionFor } from '../session-loader';
import { platformWords } from './platform.words';

export const loader = (args: LoaderFunctionArgs) => loadSessionFor('operator', args);

const tabs = [
  ['/platform', 'settlement'],
  ['/platform/afterSale', 'afterSale'],
  ['/platform/companies', 'companies'],
  ['/platform/certificates', 'certificates'],
  ['/platform/products', 'products'],
  ['/platform/copies', 'copies'],
  ['/platform/lands', 'lands'],
  ['/platform/audit', 'audit'],
] as const;

export function Component() {
  const w = useWords(platformWords);
  // An application opened from the queue keeps the queue's tab lit.
  const onApplication = useLocation().pathname.startsWith('/platform/settlement/');
  return (
    <div className="console" data-console="platform">
      <title>{w.title}</title>
      <meta name="robots" content="noindex" />
      <h1>{w.title}</h1>
      <nav className="console__tabs" aria-label={w.tabs}>
        {tabs.map(([to, key]) => (
          <NavLink key={key} to={to} end={to === '/platform'} className={({ isActive }) => `console__tab${isActive || (key === 'settlement' && onApplication) ? ' is-active' : ''}`}>{w[key]}</NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
