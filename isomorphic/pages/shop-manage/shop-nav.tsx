// The frame of a shop-manager page inside issue 16's /home/shopManage layout (which draws the side menu
// of isomorphic/domain/shop-menu.ts): the page's title and its panel.
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

export function ShopManageFrame({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="shop-manage-title">
      <title>{`${title} - ${t('site.name')}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="panel__head">
        <h1 className="person__title" id="shop-manage-title">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
