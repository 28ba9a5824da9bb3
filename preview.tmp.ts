import sharp from 'sharp';
import { designFor, renderLaceJpeg, type LaceLayout } from './api/db/seed/lace-image';
const layouts: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash'];
const cols = ['#F4EEDC', '#1A1A1A', '#E8B9B5', '#1F2A44', '#D9C3A0', '#FAFAF7'];
const t0 = Date.now();
const tiles: Buffer[] = [];
for (let i = 0; i < 8; i++) {
  const d = designFor(i + 1, layouts[i % 4]);
  for (const v of ['full', 'detail', 'drape'] as const) {
    const t = Date.now();
    const buf = await renderLaceJpeg(d, cols[i % cols.length], v);
    if (i < 2) console.log(d.layout, v, Date.now() - t, 'ms', buf.length);
    tiles.push(await sharp(buf).resize(260, 260).toBuffer());
  }
}
console.log('total', Date.now() - t0);
const comp = tiles.map((b, k) => ({ input: b, left: (k % 6) * 262, top: Math.floor(k / 6) * 262 }));
await sharp({ create: { width: 6 * 262, height: 4 * 262, channels: 3, background: '#fff' } }).composite(comp).png().toFile('/tmp/lace/sheet.png');
