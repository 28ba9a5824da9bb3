// What photo search does about the light a buyer photographs under: the network is shown the view's luma
// with the light's slope divided out and its levels stretched, so a dim, tinted photo looks to it like the
// catalogue picture; a photo that has lost its colour is described without the colour histogram, and then
// an identical picture still scores 1.
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { DEFAULT_WEIGHTS, fuse } from '../../api/modules/search/engine/fused-descriptor';
import { COLOUR_DIM, colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { colourfulness, normalisedLuma } from '../../api/modules/search/engine/illumination';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { layoutDescriptor } from '../../api/modules/search/engine/layout';
import { dot, l2normalise, type RgbImage } from '../../api/modules/search/engine/types';

/** The picture under warm, dim indoor light: most colour gone, a tungsten cast, 0.6 of the light falling off to one side. */
function warmDim(img: RgbImage): RgbImage {
  const out = new Uint8Array(img.data.length);
  const gains = [1.28, 0.92, 0.54];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 3;
      const light = 0.6 * (1 - 0.25 * (x / img.width));
      const Y = 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
      for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, Math.round((Y + 0.15 * (img.data[i + c] - Y)) * gains[c] * light)));
    }
  }
  return { data: out, width: img.width, height: img.height };
}

const meanAbsDiff = (a: RgbImage, b: RgbImage) => {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs(a.data[i] - b.data[i]);
  return s / a.data.length;
};

t.test('normalised luma: a dim, tinted photo looks to the network much like the catalogue picture', async (t) => {
  const picture = await decodeUpload(await renderLaceJpeg(designFor(21, 'fabric'), '#c8102e', 'full', 160, 160));
  const photo = warmDim(picture);
  const raw = meanAbsDiff(picture, photo);
  const seen = meanAbsDiff(normalisedLuma(picture), normalisedLuma(photo));
  t.ok(raw > 40, `the photo differs from the picture by ${raw.toFixed(1)} levels a channel`);
  t.ok(seen < 12, `what the network sees differs by ${seen.toFixed(1)} levels a channel`);
  const n = normalisedLuma(picture);
  t.equal(n.width, 160);
  t.ok(n.data.every((v, i) => i % 3 !== 0 || (v === n.data[i + 1] && v === n.data[i + 2])), 'the three channels are the same luma');
  const levels = [...n.data].sort((a, b) => a - b);
  t.ok(levels[Math.floor(levels.length * 0.005)] <= 2 && levels[Math.floor(levels.length * 0.995)] >= 253, 'its levels span the whole range');
});

t.test('colourfulness: coloured lace reads as colourful, the same lace in washed-out warm light does not', async (t) => {
  for (const colour of ['#c8102e', '#2e8b57', '#d4af37']) {
    const picture = await decodeUpload(await renderLaceJpeg(designFor(22, 'bigBorder'), colour, 'full', 240, 240));
    const cf = colourfulness(picture), washed = colourfulness(warmDim(picture));
    t.ok(cf >= 0.15, `${colour}: ${cf.toFixed(3)}`);
    t.ok(washed < cf * 0.45, `${colour} under warm, dim light, 15 % of its chroma left: ${washed.toFixed(3)} (a cast alone is no colour)`);
  }
  const grey = await decodeUpload(await renderLaceJpeg(designFor(22, 'bigBorder'), '#1b1b1b', 'full', 240, 240));
  t.ok(colourfulness(grey) < 0.1, 'black lace on a light ground carries little colour');
});

t.test('a query without its colour histogram: the colour block is empty and an identical picture still scores 1', async (t) => {
  const img = await decodeUpload(await renderLaceJpeg(designFor(23, 'medallion'), '#1f3a93', 'full', 160, 160));
  const cnn = l2normalise(Float32Array.from({ length: 64 }, (_, i) => Math.abs(Math.sin(i * 1.7))));
  const colour = colourHistogram(img), texture = textureDescriptor(img), layout = layoutDescriptor(img);
  const stored = fuse(cnn, colour, texture, DEFAULT_WEIGHTS, true, layout);
  const withColour = fuse(cnn, colour, texture, DEFAULT_WEIGHTS, true, layout);
  const shapeOnly = fuse(cnn, colour, texture, DEFAULT_WEIGHTS, false, layout);
  t.ok(Math.abs(dot(stored, withColour) - 1) < 1e-5, 'with colour: 1');
  t.ok(Math.abs(dot(stored, shapeOnly) - 1) < 1e-5, `without colour: ${dot(stored, shapeOnly).toFixed(6)}`);
  t.ok(shapeOnly.subarray(64, 64 + COLOUR_DIM).every((x) => x === 0), 'no colour in it');
  // Another colourway of the same pattern: only colour could tell them apart, and without it they tie.
  const other = fuse(cnn, colourHistogram(warmDim(img)), texture, DEFAULT_WEIGHTS, true, layout);
  t.ok(Math.abs(dot(other, shapeOnly) - dot(stored, shapeOnly)) < 1e-5, 'without colour the colour does not matter');
});
