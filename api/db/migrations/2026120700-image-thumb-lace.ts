import type { MigrationStep } from './helpers';

/**
 * search module: beside a picture's 'tight' thumb, the colour its threads are read in (engine/window-check.ts
 * thumbLace), 0xRRGGBB, or -1 where it cannot be told from the picture's ground; null on other rows and on 'tight'
 * rows stored before it, which the api's background pass fills from the pictures. The see-through look weighs it
 * against a photo's lace colour (WindowCheck.seeThrough.colour).
 */
export const imageThumbLace: MigrationStep = {
  name: '2026120700-image-thumb-lace',
  async up(db) {
    await db.schema.alterTable('image_descriptor').addColumn('thumb_lace', 'integer').execute();
  },
};
