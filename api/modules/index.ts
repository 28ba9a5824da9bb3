// Every api module, registered as an encapsulated route plugin (never wrapped in fastify-plugin).
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../deps';
import { accountRoutes } from './account/account.routes';
import { consigneeRoutes } from './consignee/consignee.routes';
import { areaRoutes } from './area/area.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { sellerCatalogueRoutes } from './catalogue/seller.routes';
import { companyRoutes } from './company/company.routes';
import { dictionaryRoutes } from './dictionary/dictionary.routes';
import { fileRoutes } from './file/file.routes';
import { cartRoutes } from './cart/cart.routes';
import { orderRoutes } from './order/order.routes';
import { platformRoutes } from './order/platform.routes';
import { shopOrderRoutes } from './order/shop-order.routes';
import { searchRoutes } from './search/search.routes';
import { favouriteRoutes } from './favourite/favourite.routes';
import { customRoutes } from './custom/custom.routes';
import { seoRoutes } from './seo/seo.routes';
import { shopRoutes } from './shop/shop.routes';
import { settlementRoutes } from './settlement/settlement.routes';
import { platformConsoleRoutes } from './platform/platform.routes';
import { notificationRoutes } from './notification/notification.routes';
import { purchaseRoutes } from './purchase/purchase.routes';
import { supplyRoutes } from './supply/supply.routes';
import { enquiryRoutes } from './enquiry/enquiry.routes';

type ModulePlugin = (app: FastifyInstance, opts: { deps: ApiDeps }) => Promise<void>;

const modules: ModulePlugin[] = [accountRoutes, consigneeRoutes, dictionaryRoutes, areaRoutes, catalogueRoutes, sellerCatalogueRoutes, companyRoutes, fileRoutes, cartRoutes, orderRoutes, shopOrderRoutes, platformRoutes, searchRoutes, favouriteRoutes, customRoutes, seoRoutes, shopRoutes, settlementRoutes, platformConsoleRoutes, notificationRoutes, purchaseRoutes, supplyRoutes, enquiryRoutes];

export async function registerModules(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  for (const plugin of modules) await app.register(plugin, { deps });
}
