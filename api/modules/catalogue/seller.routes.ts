// The seller's catalogue (issue 17): the signed-in settled seller's own products, each call on the
// company's products only; and the operator's take-down with a reason.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../deps';
import { ok, responses } from '../../http/envelope';
import { shopOwner as owner } from '../company/shop-owner';
import { onPhotoIndexComplete, pictureAgreement, reindexLater, similarProducts } from '../search/index-product';
import { signedInUser } from '../account/guard';
import { checkIndexedProducts, decideCopyFlag, listCopyFlags, listPlatformProducts } from './copy.service';
import {
  createOwnProduct, deleteOwnColourCard, getOwnProduct, listOwnProducts, platformTakeDown, setOwnProductOnSale, updateOwnColourCard, updateOwnProductForm,
  type SellerCatalogueDeps,
} from './seller.service';
import {
  ColourCardEditBody, CopyFlagDecisionBody, CopyFlagListBody, CopyFlagPageSchema, IdBody, OnSaleBody, PlatformProductListBody, PlatformProductPageSchema, ProductInputSchema,
  SellerListBody, SellerProductDetailSchema, SellerProductPageSchema, TakeDownBody, UpdateProductBody,
} from './seller.schemas';

export async function sellerCatalogueRoutes(fastify: FastifyInstance, { deps }: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Saved pictures and status changes reach photo search off the request path. Whenever a product's photo
  // indexing completes, on whatever path (this save, the seed, the import command, the background pass after
  // a start), it is compared with other companies' products once per picture version (pattern-copy detection).
  const db = deps.db.db;
  const { similarity, structure } = deps.config.patternCopy;
  const stopChecks = onPhotoIndexComplete(db, async (ids) => {
    await checkIndexedProducts(db, ids, (pid) => similarProducts(db, pid), { threshold: similarity, structure, confirm: (a, b) => pictureAgreement(db, a, b) });
  });
  fastify.addHook('onClose', async () => stopChecks());
  const cat: SellerCatalogueDeps = {
    db, storage: deps.storage, dialect: deps.db.dialect,
    picturesChanged: (id) => { void reindexLater(db, id, fastify.log); },
  };
  const tags = ['catalogue'];
  const security = [{ token: [] }];
  const saved = { zh: '保存成功', en: 'Saved' };

  app.post('/shopProduct/list', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'My products, newest change first, with counts by status (status empty: all; onSale, offSale, takenDown)', body: SellerListBody, response: responses(SellerProductPageSchema) },
  }, async (request) => ok(request, await listOwnProducts(cat, owner(request), request.body)));

  app.get('/shopProduct/get', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'One of my products with everything its form edits', querystring: IdBody, response: responses(SellerProductDetailSchema) },
  }, async (request) => ok(request, await getOwnProduct(cat, owner(request), request.query.id)));

  app.post('/shopProduct/create', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'A new product (on sale at once): fields, lace attributes, pictures with cover, colour cards, cut-plate price and bulk ladder', body: ProductInputSchema, response: responses(SellerProductDetailSchema) },
  }, async (request) => ok(request, await createOwnProduct(cat, owner(request), request.body), saved));

  app.post('/shopProduct/update', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Save the whole form of one of my products (colour cards: with id changes, without adds, left out removes)', body: UpdateProductBody, response: responses(SellerProductDetailSchema) },
  }, async (request) => {
    const { id, ...input } = request.body;
    return ok(request, await updateOwnProductForm(cat, owner(request), id, input), saved);
  });

  app.post('/shopProduct/setOnSale', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Put one of my products on or off sale (past orders keep it)', body: OnSaleBody, response: responses(SellerProductDetailSchema) },
  }, async (request) => ok(request, await setOwnProductOnSale(cat, owner(request), request.body.id, request.body.onSale), saved));

  app.post('/shopProduct/updateColourCard', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Change one colour card of one of my products', body: ColourCardEditBody, response: responses(SellerProductDetailSchema) },
  }, async (request) => ok(request, await updateOwnColourCard(cat, owner(request), request.body), saved));

  app.post('/shopProduct/deleteColourCard', {
    config: { auth: 'seller' },
    schema: { tags, security, summary: 'Remove one colour card of one of my products (not the last one)', body: IdBody, response: responses(SellerProductDetailSchema) },
  }, async (request) => ok(request, await deleteOwnColourCard(cat, owner(request), request.body.id), { zh: '已删除', en: 'Deleted' }));

  app.post('/platform/product/takeDown', {
    config: { auth: 'operator' },
    schema: { tags: ['platform'], security, summary: 'Take a product down with a reason its seller sees, or (restore) put it back off sale', body: TakeDownBody, response: responses(Type.Null()) },
  }, async (request) => {
    await platformTakeDown(cat, signedInUser(request).id, request.body);
    return ok(request, null, { zh: '已处理', en: 'Done' });
  });

  app.post('/platform/product/list', {
    config: { auth: 'operator' },
    schema: { tags: ['platform'], security, summary: "Every company's products, newest change first: by part of the title, the pattern code or the company's name, and by status", body: PlatformProductListBody, response: responses(PlatformProductPageSchema) },
  }, async (request) => ok(request, await listPlatformProducts(cat, request.body)));

  app.post('/platform/copyFlag/list', {
    config: { auth: 'operator' },
    schema: { tags: ['platform'], security, summary: 'Pattern-copy detection: pairs of products of two companies whose pictures are nearly the same (open by default), newest first', body: CopyFlagListBody, response: responses(CopyFlagPageSchema) },
  }, async (request) => ok(request, await listCopyFlags(cat, request.body)));

  app.post('/platform/copyFlag/decide', {
    config: { auth: 'operator' },
    schema: { tags: ['platform'], security, summary: 'Dismiss an open pattern-copy flag, or take its product (the one saved later) down, with a reason', body: CopyFlagDecisionBody, response: responses(Type.Null()) },
  }, async (request) => {
    await decideCopyFlag(cat, signedInUser(request).id, request.body);
    return ok(request, null, { zh: '已处理', en: 'Done' });
  });
}
