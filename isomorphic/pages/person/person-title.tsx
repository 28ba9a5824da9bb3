// The heading and document title of one personal-centre page.
import { useTranslation } from '../../i18n/react';

export function PersonTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${title} - ${t('person.title')} - ${t('site.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="person__title">{title}</h1>
    </>
  );
}
