// The demo lace pictures: the same seed gives the same picture, colour is separate from shape, and the
// pictures have the promised size and format.
import sharp from 'sharp';
import t from 'tap';
import { backdropFor, designFor, hexToRgb, laceSvg, paintJpeg, renderLaceJpeg, renderLaceMask, shadeView, type LaceLayout } from '../../api/db/seed/lace-image';
import { demoProduct, layoutOf } from '../../api/db/seed/demo-products';
import { demoCompanies } from '../../api/db/seed/demo-companies';
import { PatternType } from '../../isomorphic/domain/catalogue';

const layouts: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash', 'medallion'];

t.test('a seed always gives the same design and picture', async (t) => {
  for (const layout of layouts) {
    t.same(designFor(42, layout), designFor(42, layout), `${layout} design`);
    t.equal(laceSvg(designFor(42, layout), 800, 800, 'drape'), laceSvg(designFor(42, layout), 800, 800, 'drape'), `${layout} drawing`);
  }
  const a = await renderLaceJpeg(designFor(7, 'eyelash'), '#F4EEDC', 'full');
  const b = await renderLaceJpeg(designFor(7, 'eyelash'), '#F4EEDC', 'full');
  t.ok(a.equals(b), 'byte-identical JPEG');
  const other = await renderLaceJpeg(designFor(8, 'eyelash'), '#F4EEDC', 'full');
  t.notOk(a.equals(other), 'another seed gives another picture');
  t.not(laceSvg(designFor(1, 'fabric'), 800, 800), laceSvg(designFor(2, 'fabric'), 800, 800));
});

t.test('dimensions, format and views', async (t) => {
  const d = designFor(3, 'bigBorder');
  const views = await Promise.all((['full', 'detail', 'drape'] as const).map((v) => renderLaceJpeg(d, '#1A1A1A', v)));
  for (const jpeg of views) t.match(await sharp(jpeg).metadata(), { format: 'jpeg', width: 800, height: 800, channels: 3 });
  t.equal(new Set(views.map((v) => v.toString('base64'))).size, 3, 'three different views');
  const banner = await renderLaceJpeg(designFor(4, 'bigBorder'), '#E8B9B5', 'full', 1190, 300);
  t.match(await sharp(banner).metadata(), { width: 1190, height: 300 });
  const mask = await renderLaceMask(designFor(5, 'fabric'), 200, 120);
  t.equal(mask.length, 200 * 120, 'one byte per pixel');
  const covered = mask.reduce((n, v) => n + (v > 0 ? 1 : 0), 0) / mask.length;
  t.ok(covered > 0.2 && covered < 0.95, `fabric lace covers part of the picture (${(covered * 100).toFixed(0)}%)`);
});

t.test('colour is separate from shape', async (t) => {
  const d = designFor(11, 'smallBorder');
  const shading = await shadeView(d, 'full', 160, 160);
  const ivoryJpeg = await paintJpeg(shading, d, '#F4EEDC');
  const ivoryAgain = await renderLaceJpeg(d, '#F4EEDC', 'full', 160, 160);
  t.ok(ivoryJpeg.equals(ivoryAgain), 'painting a shared shading equals drawing from scratch');
  // Same threads in both colourways: per pixel, how far its colour has gone from backdrop to thread colour.
  const threadShare = async (design: typeof d, hex: string) => {
    const lace = hexToRgb(hex), back = backdropFor(lace, design.seed);
    const rgb = await sharp(await paintJpeg(design === d ? shading : await shadeView(design, 'full', 160, 160), design, hex)).raw().toBuffer();
    const span = lace.map((v, c) => v - back[c]);
    const norm = span.reduce((n, v) => n + v * v, 0);
    return Array.from({ length: rgb.length / 3 }, (_, k) => span.reduce((n, v, c) => n + (rgb[k * 3 + c] - back[c]) * v, 0) / norm);
  };
  const correlation = (a: number[], b: number[]) => {
    const ma = a.reduce((s, v) => s + v, 0) / a.length, mb = b.reduce((s, v) => s + v, 0) / b.length;
    let ab = 0, aa = 0, bb = 0;
    for (let i = 0; i < a.length; i++) { ab += (a[i] - ma) * (b[i] - mb); aa += (a[i] - ma) ** 2; bb += (b[i] - mb) ** 2; }
    return ab / Math.sqrt(aa * bb);
  };
  const ivory = await threadShare(d, '#F4EEDC');
  const navy = await threadShare(d, '#1F2A44');
  const red = await threadShare(d, '#7B1E2B');
  const otherDesign = await threadShare(designFor(12, 'smallBorder'), '#1F2A44');
  const same1 = correlation(ivory, navy), same2 = correlation(ivory, red), other = correlation(ivory, otherDesign);
  t.ok(same1 > 0.85, `ivory and navy show the same lace (r = ${same1.toFixed(2)})`);
  t.ok(same2 > 0.85, `ivory and wine red show the same lace (r = ${same2.toFixed(2)})`);
  t.ok(other < Math.min(same1, same2), `another design of the same layout matches less (r = ${other.toFixed(2)})`);
});

t.test('demo products are deterministic and plausible', async (t) => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  t.same(demoProduct(123, demoCompanies, now), demoProduct(123, demoCompanies, now));
  const many = Array.from({ length: 600 }, (_, i) => demoProduct(i, demoCompanies, now));
  const negotiable = many.filter((p) => p.price === null).length / many.length;
  t.ok(negotiable > 0.08 && negotiable < 0.22, `about 15% price by negotiation (${(negotiable * 100).toFixed(1)}%)`);
  t.same(new Set(many.map((p) => p.patternType)), new Set(Object.values(PatternType)), 'all four pattern types');
  t.ok(many.every((p) => p.colours.length >= 2 && p.colours.length <= 8 && new Set(p.colours.map((c) => c.hex)).size === p.colours.length));
  t.ok(many.every((p) => Date.parse(p.createdAt) <= now && Date.parse(p.createdAt) > now - 366 * 86_400_000), 'created within the last year');
  t.equal(new Set(many.map((p) => p.code)).size, many.length, 'pattern numbers are unique');
  t.ok(many.every((p) => layoutOf[p.patternType]));
  const lace = many.filter((p) => p.kind === 1);
  const fabric = lace.filter((p) => p.patternType === PatternType.FABRIC);
  t.ok(fabric.every((p) => p.widthCm !== null && p.widthCm >= 120), 'fabric is full width');
  t.ok(lace.filter((p) => p.patternType === PatternType.SMALL_BORDER).every((p) => p.widthCm !== null && p.widthCm <= 12), 'narrow trims are narrow');
  const garments = many.filter((p) => p.kind === 2);
  const share = garments.length / many.length;
  t.ok(share > 0.1 && share < 0.2, `about 15% garments (${(share * 100).toFixed(1)}%)`);
  t.ok(garments.every((p) => p.garment && p.widthCm === null && /连衣裙|婚纱|晚礼服|衬衫|上衣|旗袍/.test(p.title)), 'garments are dresses, blouses and qipaos');
});
