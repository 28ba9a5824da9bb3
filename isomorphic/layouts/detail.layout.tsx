// The detail layout: like the default one, with the page on a raised panel for a single item. The page
// hydrates in a task after the layout's (HydrateLater).
import { Outlet } from 'react-router';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { HydrateLater } from '../components/hydrate-later';

export function DetailLayout() {
  return (
    <div className="layout layout--detail">
      <Header />
      <HydrateLater>
        <main id="main" className="container page page--detail" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrateLater>
      <Footer />
    </div>
  );
}
