// The error pages: 404 ("This page could not be found"), 410 (removed pattern) and any other failure,
// which shows its message and keeps its status (SPEC §2, §8). Rendered by the root error boundary.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import { Codes } from '../../domain/codes';
import { ErrorsLayout } from '../../layouts/errors.layout';
import { ScrollManager } from '../../components/scroll-manager';

export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <ScrollManager />
      <ErrorsLayout>
        <ErrorContent error={error} />
      </ErrorsLayout>
    </>
  );
}

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorMessage status={404} title={t('errors.notFoundTitle')} message={t('errors.notFoundMessage')} />;
  }
  if (isRouteErrorResponse(error) && error.status === 410) {
    return <ErrorMessage status={410} title={t('errors.goneTitle')} message={t('errors.goneMessage')} />;
  }
  if (isRouteErrorResponse(error)) {
    const body = error.data as { code?: unknown; message?: unknown } | null;
    const message = body?.code === Codes.UPSTREAM_UNAVAILABLE
      ? t('errors.unavailableMessage')
      : typeof body?.message === 'string' && body.message ? body.message : t('errors.genericMessage');
    return <ErrorMessage status={error.status} title={t('errors.errorTitle')} message={message} />;
  }
  return <ErrorMessage status={500} title={t('errors.errorTitle')} message={t('errors.genericMessage')} />;
}

function ErrorMessage({ status, title, message }: { status: number; title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{`${title} - ${t('site.name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status">{t('errors.statusLabel', { status })}</p>
      <h1 id="error-title" className="error-page__title">{title}</h1>
      <p className="error-page__message">{message}</p>
      <Link className="button button--primary" to="/">{t('errors.backHome')}</Link>
    </section>
  );
}
