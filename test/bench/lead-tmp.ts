import os from 'node:os';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { makeNamedViews } from '../../api/modules/search/engine/views';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { namedViewWindows, windowLook, viewThumb, windowAgreement } from '../../api/modules/search/engine/window-check';
import { finePieces } from '../../api/modules/search/engine/fine-check';
import { transform, type TransformName } from './image-search-transforms';
import { coloursOf, layoutOf } from './bench-catalogue';
const DESIGNS = 10000;
const check = imageSearchSettings(os.tmpdir()).windowCheck!;
async function main() {
  for (const name of process.argv.slice(2) as TransformName[]) {
    const qr = new Rng(name.length * 1000 + 17);
    const vals: string[] = [];
    for (let q = 0; q < 100; q++) {
      const design = qr.int(0, DESIGNS - 1);
      const colour = coloursOf(design)[0];
      const picture = await renderLaceJpeg(designFor(50_000 + design, layoutOf(design)), colour, 'full', 400, 400);
      const truth: { seeThrough?: boolean } = {};
      const img = await decodeUpload(await transform(name, picture, new Rng(q * 97 + design), truth));
      const photo = namedViewWindows(await makeNamedViews(img, check.views, 160, { dropUnneeded: true, turns: check.seeThrough?.turns }));
      const look = windowLook(photo, check);
      if (!(look?.lead && finePieces(photo).length)) continue;
      const pic = await decodeUpload(picture);
      const full = windowAgreement(look.lead.windowsFor('full'), await viewThumb(pic, 'full'), look.lead.keep);
      vals.push(`q${q}${name === 'texturedBackdrop' ? (truth.seeThrough ? 's' : 'o') : ''}:${full.toFixed(2)}`);
    }
    console.log(`${name}: ${vals.join(' ')}`);
  }
}
void main();
