// The default layout: header, the page, footer. The page hydrates in a task after the layout's (HydrateLater).
import { Outlet } from 'react-router';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { HydrateLater } from '../components/hydrate-later';

export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <Header />
      <HydrateLater>
        <main id="main" className="container page" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrateLater>
      <Footer />
    </div>
  );
}
