// The default layout: header, the page, footer.
import { Outlet } from 'react-router';
import { Header } from '../components/header';
import { Footer } from '../components/footer';

export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <Header />
      <main id="main" className="container page" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
