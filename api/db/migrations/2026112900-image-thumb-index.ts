import { sql } from 'kysely';
import type { MigrationStep } from './helpers';

/**
 * search module: an index of the rows that carry a thumb, by product. The window check reads a search's leading
 * products' thumbs by product id (300 products for a see-through piece: engine/window-check.ts
 * WindowCheck.seeThrough); by (model, product_id) alone every row of those products was visited, and a row's
 * thumb lies after its descriptor (a few kilobytes), so each visit read the descriptor's pages too.
 */
export const imageThumbIndex: MigrationStep = {
  name: '2026112900-image-thumb-index',
  async up(db) {
    await db.schema.createIndex('image_descriptor_thumb_idx').on('image_descriptor').columns(['model', 'product_id', 'view']).where(sql.ref('thumb'), 'is not', null).execute();
  },
};
