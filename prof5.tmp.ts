import sharp from 'sharp';
import { designFor, laceSvg, renderLaceMask, shade, paint, encodeJpeg } from './api/db/seed/lace-image';
const T: Record<string, number> = {};
const add = (k: string, t: number) => { T[k] = (T[k] ?? 0) + performance.now() - t; };
for (let i = 0; i < 12; i++) {
  const d = designFor(i, (['fabric', 'bigBorder', 'smallBorder', 'eyelash'] as const)[i % 4]);
  for (const v of ['full', 'detail', 'drape'] as const) {
    let t = performance.now(); const svg = laceSvg(d, 800, 800, v); add('svgstr', t);
    t = performance.now(); await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer(); add('rsvg', t);
    t = performance.now(); const mask = await renderLaceMask(d, 800, 800, v); add('maskTotal', t);
    t = performance.now(); const s = shade(mask, 800, 800, v === 'drape' ? { period: 40, phase: 1 } : undefined); add('shade', t);
    t = performance.now(); const rgb = paint(s, [240, 230, 220], [30, 30, 30]); add('paint', t);
    t = performance.now(); await encodeJpeg(rgb, 800, 800); add('encode', t);
  }
}
for (const k in T) console.log(k, (T[k] / 36).toFixed(1), 'ms per view');
