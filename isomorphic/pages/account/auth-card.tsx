// The frame of the sign-in, register and reset pages: a centred card with the page's title and lead.
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

export function AuthCard({ title, lead, children, footer }: { title: string; lead: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="auth" aria-labelledby="auth-title">
      <title>{`${title} - ${t('site.name')}`}</title>
      <meta name="robots" content="noindex" />
      <div className="auth__card">
        <h1 id="auth-title" className="auth__title">{title}</h1>
        <p className="auth__lead">{lead}</p>
        {children}
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </div>
    </section>
  );
}
