import type { MigrationStep } from './helpers';

/**
 * search module: each catalogue picture's thumb (the luma of its whole view over 48 × 48 cells, 2,304 bytes;
 * engine/window-check.ts), on the row of its 'full' view, for the second look at a search's leading products.
 * Rows stored before it have none: their pictures' thumbs are filled by the api's background pass.
 */
export const imageThumb: MigrationStep = {
  name: '2026112800-image-thumb',
  async up(db, ctx) {
    await db.schema.alterTable('image_descriptor').addColumn('thumb', ctx.dialect === 'postgres' ? 'bytea' : 'blob').execute();
  },
};
