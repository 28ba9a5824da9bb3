// The detail layout: like the default one, with the page on a raised panel for a single item.
import { Outlet } from 'react-router';
import { Header } from '../components/header';
import { Footer } from '../components/footer';

export function DetailLayout() {
  return (
    <div className="layout layout--detail">
      <Header />
      <main id="main" className="container page page--detail" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
