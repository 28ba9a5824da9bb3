// The header's cart link with the number of lines in the cart (all three kinds), for signed-in visitors.
import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from './link';
import { useTranslation } from '../i18n/react';
import { useStores } from '../stores/root.store';
import { browserApi } from './browser-api';

export const CartLink = observer(function CartLink() {
  const { t } = useTranslation();
  const { cart } = useStores();
  useEffect(() => {
    if (cart.count === null) void cart.refresh(browserApi());
  }, [cart]);
  const total = cart.total;
  return (
    <Link to="/shoppingCart" className="user-nav__link cart-link" aria-label={t('nav.cartCount', { count: total })}>
      {t('nav.cart')}
      <span className="cart-link__count" aria-hidden="true">{total}</span>
    </Link>
  );
});
