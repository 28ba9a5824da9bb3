// Lace pictures for the demo catalogue, drawn from a seed number. The design (motifs, symmetry, mesh,
// edges, density) comes only from the seed and the layout, and is drawn once as a white-on-black mask;
// colour is applied afterwards. So every colour card of a product shows the same lace in its own
// colourway (hard negatives for image search), and a given seed always gives the same picture.
import sharp from 'sharp';
import { Rng } from './random';

export type LaceLayout = 'fabric' | 'bigBorder' | 'smallBorder' | 'eyelash' | 'medallion';
export type LaceView = 'full' | 'detail' | 'drape';
export type Rgb = readonly [number, number, number];

export interface LaceDesign {
  seed: number;
  layout: LaceLayout;
  motif: 'floral' | 'geometric';
  petals: number;          // n-fold symmetry of the rosettes
  petalStyle: 0 | 1 | 2;
  innerRing: boolean;
  leaves: number;          // paisley leaves around each rosette (0 = none)
  picotRing: boolean;
  cell: number;            // repeat distance of the motifs, px at 800 wide (density)
  motifScale: number;
  mesh: 'hex' | 'diamond' | 'tulle';
  meshSize: number;
  meshOpacity: number;
  stroke: number;          // cord width
  fill: number;            // opacity of the cloth-work inside petals
  scallops: number;        // scallops per 800 px of edge
  scallopDepth: number;
  strips: number;          // rows of trim for small borders and eyelash
  bandTop: number;         // big border band, as fractions of the height
  bandBottom: number;
  fringeLength: number;
  fringeGap: number;
  vines: boolean;
  tilt: number;            // degrees, for the draped view
}

/** The design of a seed: shape only, no colour. */
export function designFor(seed: number, layout: LaceLayout): LaceDesign {
  const r = new Rng(seed * 7919 + 17);
  const motif = r.chance(0.3) ? 'geometric' : 'floral';
  return {
    seed,
    layout,
    motif,
    petals: motif === 'geometric' ? r.pick([6, 8, 10, 12]) : r.int(5, 10),
    petalStyle: r.pick([0, 1, 2] as const),
    innerRing: r.chance(0.65),
    leaves: r.pick([0, 0.5, 1]) > 0 && motif === 'floral' ? r.pick([3, 4, 5, 6]) : 0,
    picotRing: r.chance(0.5),
    cell: r.range(150, 260),
    motifScale: r.range(0.8, 1.2),
    mesh: r.pick(['hex', 'diamond', 'tulle'] as const),
    meshSize: r.range(9, 20),
    meshOpacity: r.range(0.35, 0.6),
    stroke: r.range(1.6, 3.2),
    fill: r.range(0.35, 0.8),
    scallops: layout === 'bigBorder' ? r.int(3, 5) : r.int(4, 9),
    scallopDepth: r.range(0.35, 0.7),
    strips: layout === 'eyelash' ? r.int(2, 3) : r.int(2, 4),
    bandTop: r.range(0.1, 0.2),
    bandBottom: r.range(0.68, 0.82),
    fringeLength: r.range(45, 90),
    fringeGap: r.range(7, 13),
    vines: r.chance(0.7),
    tilt: r.range(8, 16) * (r.chance(0.5) ? 1 : -1),
  };
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

// The SVG draws lace threads in the red channel and the area the net fills in the green channel; the
// net itself is computed per pixel (see meshCoverage): librsvg draws fine patterns several times slower.
const INK = '#f00';
const NET = '#0f0';

function petalPath(style: 0 | 1 | 2, len: number, width: number): string {
  const l = len, w = width;
  if (style === 0) return `M0,0 C${f(w)},${f(-l * 0.3)} ${f(w)},${f(-l * 0.8)} 0,${f(-l)} C${f(-w)},${f(-l * 0.8)} ${f(-w)},${f(-l * 0.3)} 0,0Z`;
  if (style === 1) return `M0,0 Q${f(w * 1.3)},${f(-l * 0.5)} 0,${f(-l)} Q${f(-w * 1.3)},${f(-l * 0.5)} 0,0Z`;
  return `M0,0 C${f(w * 1.4)},${f(-l * 0.35)} ${f(w * 1.1)},${f(-l * 1.05)} 0,${f(-l * 0.82)} C${f(-w * 1.1)},${f(-l * 1.05)} ${f(-w * 1.4)},${f(-l * 0.35)} 0,0Z`;
}

/** A paisley-like leaf pointing up from the origin, with a curl at its tip. */
function leafPath(s: number): string {
  return `M0,0 C${f(s * 0.55)},${f(-s * 0.2)} ${f(s * 0.8)},${f(-s * 0.85)} ${f(s * 0.2)},${f(-s * 1.1)} C${f(s * 0.05)},${f(-s * 0.85)} ${f(-s * 0.3)},${f(-s * 0.45)} 0,0Z`;
}

/** The rosette drawn at the origin with radius about 60 (scaled by `use`). */
function rosetteDef(d: LaceDesign): string {
  const n = d.petals;
  const parts: string[] = [];
  const sw = d.stroke;
  if (d.motif === 'floral') {
    const petal = petalPath(d.petalStyle, 58, 15 + 40 / n);
    for (let i = 0; i < n; i++) {
      parts.push(`<g transform="rotate(${f((360 / n) * i)})"><path d="${petal}" fill="${INK}" fill-opacity="${f(d.fill)}" stroke="${INK}" stroke-width="${f(sw)}"/><path d="M0,-9 L0,-44" stroke="${INK}" stroke-width="${f(sw * 0.55)}"/></g>`);
    }
    if (d.innerRing) {
      const inner = petalPath(((d.petalStyle + 1) % 3) as 0 | 1 | 2, 34, 8 + 24 / n);
      for (let i = 0; i < n; i++) parts.push(`<path transform="rotate(${f((360 / n) * (i + 0.5))})" d="${inner}" fill="${INK}" fill-opacity="${f(Math.min(1, d.fill + 0.15))}" stroke="${INK}" stroke-width="${f(sw * 0.7)}"/>`);
    }
    if (d.leaves > 0) {
      const leaf = leafPath(26);
      for (let i = 0; i < d.leaves; i++) {
        const a = (360 / d.leaves) * i + 180 / n;
        parts.push(`<g transform="rotate(${f(a)}) translate(0,-54) rotate(18)"><path d="${leaf}" fill="${INK}" fill-opacity="${f(d.fill * 0.8)}" stroke="${INK}" stroke-width="${f(sw * 0.7)}"/><circle cx="5" cy="-29" r="3" fill="none" stroke="${INK}" stroke-width="${f(sw * 0.5)}"/></g>`);
      }
    }
  } else {
    // Geometric: a star polygon, a ring of radial spokes and concentric polygons.
    const pts: string[] = [];
    for (let i = 0; i < n * 2; i++) {
      const rad = i % 2 === 0 ? 60 : 28;
      const a = (Math.PI / n) * i - Math.PI / 2;
      pts.push(`${f(Math.cos(a) * rad)},${f(Math.sin(a) * rad)}`);
    }
    parts.push(`<polygon points="${pts.join(' ')}" fill="${INK}" fill-opacity="${f(d.fill * 0.7)}" stroke="${INK}" stroke-width="${f(sw)}"/>`);
    const poly = (rad: number, rot: number) => Array.from({ length: n }, (_, i) => {
      const a = ((2 * Math.PI) / n) * i + rot;
      return `${f(Math.cos(a) * rad)},${f(Math.sin(a) * rad)}`;
    }).join(' ');
    parts.push(`<polygon points="${poly(40, Math.PI / n)}" fill="none" stroke="${INK}" stroke-width="${f(sw * 0.8)}"/>`);
    if (d.innerRing) parts.push(`<polygon points="${poly(22, 0)}" fill="${INK}" fill-opacity="${f(d.fill)}" stroke="${INK}" stroke-width="${f(sw * 0.7)}"/>`);
    for (let i = 0; i < n; i++) parts.push(`<path transform="rotate(${f((360 / n) * i)})" d="M0,-12 L0,-58" stroke="${INK}" stroke-width="${f(sw * 0.5)}"/>`);
    parts.push(`<circle r="66" fill="none" stroke="${INK}" stroke-width="${f(sw * 0.6)}" stroke-dasharray="2 4"/>`);
  }
  parts.push(`<circle r="9" fill="${INK}"/><circle r="15" fill="none" stroke="${INK}" stroke-width="${f(sw * 0.6)}"/>`);
  const dots = n * 2;
  for (let i = 0; i < dots; i++) {
    const a = ((2 * Math.PI) / dots) * i;
    parts.push(`<circle cx="${f(Math.cos(a) * 21)}" cy="${f(Math.sin(a) * 21)}" r="1.8" fill="${INK}"/>`);
  }
  if (d.picotRing) {
    const m = n * 4;
    for (let i = 0; i < m; i++) {
      const a = ((2 * Math.PI) / m) * i;
      parts.push(`<circle cx="${f(Math.cos(a) * 72)}" cy="${f(Math.sin(a) * 72)}" r="2.2" fill="${INK}"/>`);
    }
  }
  return `<g id="rosette">${parts.join('')}</g>`;
}

/** A small four-petal filler flower with radius about 14. */
function fillerDef(d: LaceDesign): string {
  const p = petalPath(0, 14, 6);
  const petals = [0, 90, 180, 270].map((a) => `<path transform="rotate(${a + 45})" d="${p}" fill="${INK}" fill-opacity="${f(d.fill)}" stroke="${INK}" stroke-width="${f(d.stroke * 0.5)}"/>`).join('');
  return `<g id="filler">${petals}<circle r="3" fill="${INK}"/></g>`;
}

interface Band { top: number; bottom: number; depth: number; scale: number; fringe: boolean }

/** The outline of a band: straight top edge, scalloped bottom edge, from x0 to x1. */
function bandPath(b: Band, x0: number, x1: number, width: number, scallops: number): string {
  const step = width / scallops;
  const start = Math.floor(x0 / step) * step;
  let d = `M${f(start)},${f(b.top)} L${f(x1 + step)},${f(b.top)} L${f(x1 + step)},${f(b.bottom)}`;
  for (let x = x1 + step; x > start; x -= step) d += ` Q${f(x - step / 2)},${f(b.bottom + b.depth * 2)} ${f(x - step)},${f(b.bottom)}`;
  return `${d} Z`;
}

/** Points along the scallop edge, for picots and fringes. */
function scallopPoints(b: Band, x0: number, x1: number, width: number, scallops: number, perScallop: number): Array<[number, number]> {
  const step = width / scallops;
  const pts: Array<[number, number]> = [];
  for (let x = Math.floor(x0 / step) * step; x < x1 + step; x += step) {
    for (let i = 0; i < perScallop; i++) {
      const t = i / perScallop;
      const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * (x + step / 2) + t * t * (x + step);
      const py = (1 - t) * (1 - t) * b.bottom + 2 * (1 - t) * t * (b.bottom + b.depth * 2) + t * t * b.bottom;
      pts.push([px, py]);
    }
  }
  return pts;
}

/** A drawn element with the circle it fits in, so that elements outside the picture can be left out. */
interface Placed { svg: string; x: number; y: number; r: number }
type Item = string | Placed;
const at = (x: number, y: number, r: number, svg: string): Placed => ({ svg, x, y, r });

interface Drawing { body: Item[]; focus: [number, number] }

function drawBand(d: LaceDesign, b: Band, idx: number, width: number, out: Drawing, r: Rng): void {
  const margin = width * 0.35;
  const x0 = -margin, x1 = width + margin;
  const scallops = Math.max(2, Math.round(d.scallops * (width / 800) * (b.scale < 0.6 ? 2 : 1)));
  const clipId = `band${idx}`;
  out.body.push(`<clipPath id="${clipId}"><path d="${bandPath(b, x0, x1, width, scallops)}"/></clipPath>`);
  out.body.push(`<path d="${bandPath(b, x0, x1, width, scallops)}" fill="${NET}"/>`);
  // The corded edges: a straight heading with a double cord, the scallops outlined.
  out.body.push(`<path d="M${f(x0)},${f(b.top + 2)} H${f(x1)} M${f(x0)},${f(b.top + 7)} H${f(x1)}" stroke="${INK}" stroke-width="${f(d.stroke * 1.1)}"/>`);
  out.body.push(`<path d="${bandPath(b, x0, x1, width, scallops)}" fill="none" stroke="${INK}" stroke-width="${f(d.stroke * 1.3)}"/>`);
  const step = width / scallops;
  const motifY = b.top + (b.bottom - b.top) * 0.5;
  const s = b.scale * d.motifScale;
  const g: Item[] = [];
  for (let x = Math.floor(x0 / step) * step + step / 2; x < x1; x += step) {
    g.push(at(x, motifY, 80 * s, `<use href="#rosette" transform="translate(${f(x)},${f(motifY)}) scale(${f(s)})"/>`));
    // A fan in each scallop echoes the edge.
    const fy = b.bottom + b.depth * 0.6;
    for (let k = -3; k <= 3; k++) g.push(at(x, fy, step * 0.2 + b.depth, `<path d="M${f(x)},${f(fy - b.depth * 0.2)} l${f(k * step * 0.06)},${f(b.depth * 0.75)}" stroke="${INK}" stroke-width="${f(d.stroke * 0.5)}"/>`));
    if (d.vines) g.push(at(x + step / 2, motifY, step / 2 + 45 * s, `<path d="M${f(x + 60 * s)},${f(motifY)} C${f(x + step * 0.35)},${f(motifY - 40 * s)} ${f(x + step * 0.65)},${f(motifY + 40 * s)} ${f(x + step - 60 * s)},${f(motifY)}" fill="none" stroke="${INK}" stroke-width="${f(d.stroke)}"/>`));
    if (step > 150 * s) g.push(at(x + step / 2, motifY, 40 * s, `<use href="#filler" transform="translate(${f(x + step / 2)},${f(motifY + r.range(-10, 10) * s)}) scale(${f(s * 1.2)})"/>`));
    // A tall band gets a heading row of small flowers and a row of fans above the scallops.
    if (b.bottom - b.top > 300 * s) {
      const hy = b.top + (motifY - 75 * s - b.top) / 2 + 4;
      g.push(at(x + step / 2, hy, 45, `<use href="#filler" transform="translate(${f(x + step / 2)},${f(hy)}) scale(${f(Math.min(2.4, (motifY - b.top) / 60))})"/>`));
      g.push(at(x + step / 2, motifY + 95 * s, 40 * s, `<use href="#rosette" transform="translate(${f(x + step / 2)},${f(motifY + 95 * s)}) scale(${f(s * 0.45)})"/>`));
    }
  }
  out.body.push(`<g clip-path="url(#${clipId})">`, ...g, '</g>');
  const picots = scallopPoints(b, x0, x1, width, scallops, 6);
  out.body.push(...picots.map(([px, py]) => at(px, py, 4, `<circle cx="${f(px)}" cy="${f(py + 3)}" r="${f(Math.max(1.6, d.stroke * 0.9))}" fill="${INK}"/>`)));
  if (b.fringe) {
    const lashes: Item[] = [];
    const lr = new Rng(d.seed * 31 + idx);
    for (let x = x0; x < x1; x += d.fringeGap) {
      const t = ((x - x0) % step) / step;
      const y = b.bottom + Math.sin(Math.PI * t) * b.depth * 1.0;
      const len = d.fringeLength * (0.65 + 0.35 * Math.sin(Math.PI * t)) * lr.range(0.85, 1.1);
      const bend = lr.range(-8, 8);
      lashes.push(at(x, y + len / 2, len / 2 + 10, `<path d="M${f(x)},${f(y)} q${f(bend)},${f(len * 0.5)} ${f(bend * 0.4)},${f(len)}" fill="none" stroke="${INK}" stroke-width="${f(Math.max(0.9, d.stroke * 0.45))}"/><circle cx="${f(x + bend * 0.4)}" cy="${f(y + len)}" r="1.6" fill="${INK}"/>`));
    }
    out.body.push(...lashes);
  }
}

function drawLayout(d: LaceDesign, width: number, height: number): Drawing {
  const r = new Rng(d.seed * 104729 + 3);
  const out: Drawing = { body: [], focus: [width / 2, height / 2] };
  const unit = width / 800;
  if (d.layout === 'medallion') {
    out.body.push(`<use href="#rosette" transform="translate(${f(width / 2)},${f(height / 2)}) scale(${f((Math.min(width, height) / 160) * 0.95)})"/>`);
    return out;
  }
  if (d.layout === 'fabric') {
    const pad = Math.max(width, height) * 0.35;
    out.body.push(`<rect x="${f(-pad)}" y="${f(-pad)}" width="${f(width + pad * 2)}" height="${f(height + pad * 2)}" fill="${NET}"/>`);
    const cell = d.cell * unit;
    const s = (cell / 200) * d.motifScale;
    let best = Infinity;
    const g: Item[] = [];
    for (let row = -3, y = -pad; y < height + pad; row++, y = row * cell * 0.9) {
      for (let x = -pad + (row % 2 === 0 ? 0 : cell / 2); x < width + pad; x += cell) {
        g.push(at(x, y, 80 * s, `<use href="#rosette" transform="translate(${f(x)},${f(y)}) scale(${f(s)}) rotate(${f((row % 2) * (180 / d.petals))})"/>`));
        g.push(at(x + cell / 2, y + cell * 0.45, 20 * s, `<use href="#filler" transform="translate(${f(x + cell / 2)},${f(y + cell * 0.45)}) scale(${f(s * 1.1)})"/>`));
        if (d.vines) g.push(at(x + cell / 2, y, cell / 2, `<path d="M${f(x + 62 * s)},${f(y)} C${f(x + cell * 0.4)},${f(y - cell * 0.25)} ${f(x + cell * 0.6)},${f(y + cell * 0.25)} ${f(x + cell - 62 * s)},${f(y)}" fill="none" stroke="${INK}" stroke-width="${f(d.stroke * 0.9)}"/>`));
        const dist = Math.hypot(x - width / 2, y - height / 2);
        if (dist < best) { best = dist; out.focus = [x, y]; }
      }
    }
    out.body.push(...g);
    return out;
  }
  if (d.layout === 'bigBorder') {
    const step = width / Math.max(2, Math.round(d.scallops * (width / 800)));
    const bandH = height * (d.bandBottom - d.bandTop);
    // Rosettes (about 150 across at scale 1) as large as the band allows without touching their neighbours.
    const band: Band = { top: height * d.bandTop, bottom: height * d.bandBottom, depth: height * 0.06 * d.scallopDepth * 2, scale: Math.min((bandH * 0.8) / 150, step / 165), fringe: false };
    drawBand(d, band, 0, width, out, r);
    out.focus = [Math.round(width / 2 / step) * step + step / 2, band.top + bandH / 2];
    return out;
  }
  // Small borders and eyelash lace: several strips of trim laid across the frame.
  const strips = d.strips;
  const slot = height / strips;
  for (let i = 0; i < strips; i++) {
    const top = slot * i + slot * 0.12;
    const bodyH = d.layout === 'eyelash' ? slot * 0.38 : slot * 0.55;
    const band: Band = { top, bottom: top + bodyH, depth: bodyH * 0.18 * d.scallopDepth * 2, scale: bodyH / 170, fringe: d.layout === 'eyelash' };
    drawBand({ ...d, fringeLength: Math.min(d.fringeLength * unit, slot * 0.38) }, band, i, width, out, r);
    if (i === 0) out.focus = [width / 2, top + bodyH / 2];
  }
  return out;
}

type Affine = [number, number, number, number, number, number]; // SVG matrix(a b c d e f)

const mul = (m: Affine, n: Affine): Affine => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];
const translate = (x: number, y: number): Affine => [1, 0, 0, 1, x, y];
const scale = (k: number): Affine => [k, 0, 0, k, 0, 0];
const rotate = (deg: number): Affine => {
  const r = (deg * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
};
const skewX = (deg: number): Affine => [1, 0, Math.tan((deg * Math.PI) / 180), 1, 0, 0];
const invert = ([a, b, c, d, e, g]: Affine): Affine => {
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * g - d * e) / det, (b * e - a * g) / det];
};

/** The draped view: the piece turned, slightly sheared and closer (about the picture's centre). */
function drapeMatrix(d: LaceDesign): Affine {
  return [rotate(d.tilt), scale(1.35), skewX(d.tilt * 0.3)].reduce(mul);
}

/** Where the design's coordinates land in the picture for each view. */
function viewMatrix(d: LaceDesign, focus: [number, number], width: number, height: number, view: LaceView): Affine {
  const cx = width / 2, cy = height / 2;
  if (view === 'detail') return mul(mul(translate(cx, cy), scale(2.4)), translate(-focus[0], -focus[1]));
  if (view === 'drape') return [translate(cx, cy), drapeMatrix(d), translate(-cx, -cy)].reduce(mul);
  return [1, 0, 0, 1, 0, 0];
}

function build(d: LaceDesign, width: number, height: number, view: LaceView): { svg: string; matrix: Affine } {
  const drawing = drawLayout(d, width, height);
  const matrix = viewMatrix(d, drawing.focus, width, height, view);
  // What of the design the picture shows: the corners of the picture taken back to design coordinates.
  const inv = invert(matrix);
  const corners = [[0, 0], [width, 0], [0, height], [width, height]].map(([x, y]) => [inv[0] * x + inv[2] * y + inv[4], inv[1] * x + inv[3] * y + inv[5]]);
  const minX = Math.min(...corners.map((c) => c[0])), maxX = Math.max(...corners.map((c) => c[0]));
  const minY = Math.min(...corners.map((c) => c[1])), maxY = Math.max(...corners.map((c) => c[1]));
  const shown = drawing.body
    .filter((it) => typeof it === 'string' || (it.x + it.r >= minX && it.x - it.r <= maxX && it.y + it.r >= minY && it.y - it.r <= maxY))
    .map((it) => (typeof it === 'string' ? it : it.svg));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<defs>${rosetteDef(d)}${fillerDef(d)}</defs>`
    + `<rect width="${width}" height="${height}" fill="#000"/>`
    + `<g transform="matrix(${matrix.map((v) => v.toFixed(5)).join(' ')})" fill="none">${shown.join('')}</g></svg>`;
  return { svg, matrix };
}

/** The drawing of a design as SVG: lace in red, the net's area in green, on black. */
export function laceSvg(d: LaceDesign, width: number, height: number, view: LaceView = 'full'): string {
  return build(d, width, height, view).svg;
}

/** How much of a pixel at design point (u, v) the net's threads cover, 0..1. */
function meshCoverage(d: LaceDesign, u: number, v: number, halfWidth: number, px: number): number {
  const s = d.meshSize;
  let dist: number;
  if (d.mesh === 'hex') {
    // Honeycomb: distance to the edge of the nearest cell of a triangular lattice of spacing s.
    const rx = s, ry = s * 1.7320508;
    let ax = u - Math.floor(u / rx) * rx - rx / 2, ay = v - Math.floor(v / ry) * ry - ry / 2;
    const bu = u - rx / 2, bv = v - ry / 2;
    const bx = bu - Math.floor(bu / rx) * rx - rx / 2, by = bv - Math.floor(bv / ry) * ry - ry / 2;
    if (bx * bx + by * by < ax * ax + ay * ay) { ax = bx; ay = by; }
    const x = Math.abs(ax), y = Math.abs(ay);
    dist = s / 2 - Math.max(x, x * 0.5 + y * 0.8660254);
  } else if (d.mesh === 'diamond') {
    const p = u / s + v / (s * 1.4), q = u / s - v / (s * 1.4);
    dist = Math.min(Math.abs(p - Math.round(p)), Math.abs(q - Math.round(q))) * s * 0.57;
  } else {
    const p = u / s, q = v / s;
    dist = Math.min(Math.abs(p - Math.round(p)), Math.abs(q - Math.round(q))) * s;
  }
  const c = (halfWidth - dist) / px + 0.5;
  return c <= 0 ? 0 : c >= 1 ? 1 : c;
}

/**
 * The lace mask, one byte per pixel (255 = thread): the drawing plus the net inside its area. The draped
 * view is the full view's mask resampled (libvips affine), which costs a fraction of drawing it again.
 */
export async function renderLaceMask(d: LaceDesign, width: number, height: number, view: LaceView = 'full', fullMask?: Buffer): Promise<Buffer> {
  if (view === 'drape') return drapeMask(fullMask ?? await renderLaceMask(d, width, height, 'full'), d, width, height);
  const { svg, matrix } = build(d, width, height, view);
  const rgb = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const inv = invert(matrix);
  const px = 1 / Math.sqrt(Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]));
  const halfWidth = Math.max(0.5, d.stroke * 0.2);
  const netLevel = d.meshOpacity * 255;
  const mask = Buffer.alloc(width * height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const r = rgb[i * 3], g = rgb[i * 3 + 1];
      const area = r + g;
      if (area === 0) continue;
      const u = inv[0] * x + inv[2] * y + inv[4], v = inv[1] * x + inv[3] * y + inv[5];
      const net = meshCoverage(d, u, v, halfWidth, px) * netLevel * (area > 255 ? 1 : area / 255);
      mask[i] = r > net ? r : net;
    }
  }
  return mask;
}

async function drapeMask(full: Buffer, d: LaceDesign, width: number, height: number): Promise<Buffer> {
  const m = drapeMatrix(d);
  const { data, info } = await sharp(full, { raw: { width, height, channels: 1 } })
    .affine([m[0], m[2], m[1], m[3]], { background: '#000', interpolator: sharp.interpolators.bilinear })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The output is the bounding box of the turned picture, centred on its centre: keep the middle.
  const left = Math.max(0, Math.round((info.width - width) / 2)), top = Math.max(0, Math.round((info.height - height) / 2));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract({ left, top, width, height })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function luminance([r, g, b]: Rgb): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const darkBackdrops: Rgb[] = [[31, 36, 48], [43, 43, 46], [58, 34, 48], [35, 53, 44], [90, 31, 36], [38, 52, 78]];
const lightBackdrops: Rgb[] = [[239, 232, 220], [217, 221, 227], [242, 217, 213], [232, 225, 200], [214, 228, 226]];

/** A backdrop that contrasts with the lace colour, chosen by `pick`. */
export function backdropFor(lace: Rgb, pick: number): Rgb {
  const list = luminance(lace) > 0.42 ? darkBackdrops : lightBackdrops;
  return list[Math.abs(pick) % list.length];
}

/** Per-pixel weights of backdrop and thread colour: light falloff, folds, cast shadow and grain. */
export interface Shading { width: number; height: number; back: Float32Array; thread: Float32Array }

export function shade(mask: Buffer, width: number, height: number, folds?: { period: number; phase: number }): Shading {
  const n = width * height;
  const back = new Float32Array(n), thread = new Float32Array(n);
  const off = Math.max(2, Math.round(width / 260));
  const cx = width / 2, cy = height / 2, maxD2 = cx * cx + cy * cy;
  const foldTable = folds ? new Float32Array(width + height) : undefined;
  if (foldTable && folds) for (let k = 0; k < foldTable.length; k++) foldTable[k] = 0.82 + 0.18 * Math.sin(k / folds.period + folds.phase);
  for (let y = 0, i = 0; y < height; y++) {
    const dy2 = (y - cy) * (y - cy);
    for (let x = 0; x < width; x++, i++) {
      const m = mask[i] / 255;
      const s = y >= off && x >= off ? mask[i - off * width - off] / 255 : 0;
      let light = 1.06 - 0.16 * Math.sqrt(((x - cx) * (x - cx) + dy2) / maxD2);
      if (foldTable) light *= foldTable[x + ((y * 0.35) | 0)];
      const grain = (((Math.imul(i, 2654435761) >>> 24) / 255) - 0.5) * 0.05;
      back[i] = (1 - m) * (1 - 0.42 * s * (1 - m)) * (light + grain);
      thread[i] = m * (0.8 + 0.2 * m) * (light + grain * 0.6);
    }
  }
  return { width, height, back, thread };
}

/** Paints shading in two colours: 8-bit RGB. */
export function paint({ width, height, back, thread }: Shading, lace: Rgb, backdrop: Rgb): Buffer {
  const out = new Uint8ClampedArray(width * height * 3); // clamps and rounds, where a Buffer would wrap
  const [lr, lg, lb] = lace, [br, bg, bb] = backdrop;
  for (let i = 0, o = 0; i < back.length; i++, o += 3) {
    const k = back[i], t = thread[i];
    out[o] = br * k + lr * t;
    out[o + 1] = bg * k + lg * t;
    out[o + 2] = bb * k + lb * t;
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

export async function encodeJpeg(rgb: Buffer, width: number, height: number, quality = 82): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

export function foldsFor(d: LaceDesign): { period: number; phase: number } {
  return { period: 38 + (d.seed % 23), phase: d.seed % 7 };
}

/** The shading of one view of a design (the costly part, shared by every colour). */
export async function shadeView(d: LaceDesign, view: LaceView, width = 800, height = 800): Promise<Shading> {
  const mask = await renderLaceMask(d, width, height, view);
  return shade(mask, width, height, view === 'drape' ? foldsFor(d) : undefined);
}

/** The shadings of every view, drawing the design twice (full and detail) rather than three times. */
export async function shadeViews(d: LaceDesign, width = 800, height = 800): Promise<Record<LaceView, Shading>> {
  const [full, detail] = await Promise.all([renderLaceMask(d, width, height, 'full'), renderLaceMask(d, width, height, 'detail')]);
  const drape = await renderLaceMask(d, width, height, 'drape', full);
  return {
    full: shade(full, width, height),
    detail: shade(detail, width, height),
    drape: shade(drape, width, height, foldsFor(d)),
  };
}

/** A shaded view in one colour, on the backdrop that contrasts with it, as JPEG. */
export function paintJpeg(s: Shading, d: LaceDesign, colour: string): Promise<Buffer> {
  const lace = hexToRgb(colour);
  return encodeJpeg(paint(s, lace, backdropFor(lace, d.seed)), s.width, s.height);
}

/** One finished picture: the design from a view in one colour. */
export async function renderLaceJpeg(d: LaceDesign, colour: string, view: LaceView, width = 800, height = 800): Promise<Buffer> {
  return paintJpeg(await shadeView(d, view, width, height), d, colour);
}
