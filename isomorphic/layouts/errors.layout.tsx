// The errors layout: header and footer around a centred message.
import type { ReactNode } from 'react';
import { Header } from '../components/header';
import { Footer } from '../components/footer';

export function ErrorsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--errors">
      <Header />
      <main id="main" className="container page page--error" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
