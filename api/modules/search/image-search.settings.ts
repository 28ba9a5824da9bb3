// Settings of photo search: config/ (IMAGE_* variables) carries the operator's ones; tests may override
// them through `deps.imageSearch`; the rest are the defaults below.
import path from 'node:path';
import { defaultExtractThreads } from '../../../config/index';
import type { AnnOptions } from './engine/ann-index';
import type { FusionWeights } from './engine/fused-descriptor';
import type { LayoutBoost, LayoutScoring } from './engine/layout';
import type { WindowCheck } from './engine/window-check';
import { DEFAULT_LAYOUT_BOOST, DEFAULT_WEIGHTS, layoutBlockOf } from './engine/fused-descriptor';
import type { NetworkInput } from './engine/mobilenet-extractor';
import type { TfBackend } from './engine/tf-runtime';
import { CATALOGUE_VIEWS, type ViewName } from './engine/views';

export interface ImageSearchSettings {
  /** IMAGE_INDEX_DIR: where the index file lives (default $DATA_DIR/image-index) */
  indexDir: string;
  /** IMAGE_MODEL_DIR: a tfjs model directory (DINOv2, CLIP…); empty = MobileNetV2 inside nsfwjs */
  modelDir: string;
  /** IMAGE_MODEL_INPUT: the network's input side in pixels */
  inputSize: number;
  /** what the MobileNetV2 is shown: 'luma' (normalised for the light, illumination.ts) or 'rgb' */
  networkInput: NetworkInput;
  /** IMAGE_TF_BACKEND: wasm (default) or cpu */
  backend: TfBackend;
  /** IMAGE_EXTRACT_THREADS: worker threads that run the network; a search's views are shared out over all of them */
  extractThreads: number;
  /** IMAGE_INDEX_THREADS: how many of those may index catalogue pictures (default all: a search goes before queued indexing work) */
  indexThreads: number;
  /**
   * The views of a product's first picture that the background pass indexes for every product before it
   * indexes any product's other views and pictures, so that soon after a first start every product can be
   * found by its cover (views outside `catalogueViews` are ignored).
   */
  firstPassViews: ViewName[];
  /** IMAGE_INDEX_ON_START: index not-yet-indexed products in the background after start */
  indexOnStart: boolean;
  /** IMAGE_INDEX_REFRESH_MS: how often to pick up descriptors other processes wrote (0 = never) */
  refreshMs: number;
  /** IMAGE_PGVECTOR: auto (use it where the extension exists) or off */
  pgvector: 'auto' | 'off';
  /** IMAGE_ANN_FROM: from this many stored vectors on, the in-process index is the projected HNSW graph (usearch) */
  annFrom: number;
  /** IMAGE_ANN_DIMS: dimensions the descriptors are projected to (PCA) for the HNSW graph */
  annDims: number;
  /** IMAGE_ANN_SCALAR: how the graph keeps the projected vectors, int8 or f16 (half floats, twice the memory) */
  annScalar: 'i8' | 'f16';
  /** the graph's best this-many candidate products are re-scored on all their views */
  annAllEntriesOf: number;
  /**
   * IMAGE_ANN_EXACT_TOP: after re-scoring from the graph's in-memory codes, the best this-many products are
   * re-scored once more with the full stored descriptors of their EXACT_VIEWS best views (ann-index.ts), so
   * the leading order and the similarity shown are the exact fused cosine (0 = never read the database
   * while searching)
   */
  annExactTop: number;
  /** views per catalogue image, and of the query photo */
  catalogueViews: ViewName[];
  queryViews: ViewName[];
  /** at most this many pictures of one product (cover, gallery, colour cards) are indexed */
  maxImagesPerProduct: number;
  /** how many products a search keeps */
  maxResults: number;
  weights: FusionWeights;
  /** how a search's ranking uses the layout block (weights.layout must be on); null = not (engine/layout.ts) */
  layoutBoost: LayoutBoost | null;
  /** how the leading products are re-ranked by the photo's agreement with their pictures' thumbs; null = not (engine/window-check.ts) */
  windowCheck: WindowCheck | null;
  /** IMAGE_SEARCH_PER_IP_PER_DAY: guests' photo searches a day from one client address */
  perIpPerDay: number;
  /** IMAGE_SEARCH_QUEUE_MAX: searches waiting for or in extraction at once; past it: 503 */
  queueMax: number;
  /** IMAGE_SEARCH_STALE_MS: a job pending this long is failed by any api at start */
  staleJobMs: number;
}

export function imageSearchSettings(dataDir: string, overrides: Partial<ImageSearchSettings> = {}): ImageSearchSettings {
  return {
    indexDir: path.join(dataDir, 'image-index'),
    modelDir: '',
    inputSize: 160,
    // 'luma' (normalised luma, illumination.ts, with the colour gate 0.1) lifts warm and cool indoor light at
    // 200 designs and 21 catalogue views (recall@1 0.45 -> 0.70 and 0.47 -> 0.83, recall@10 0.70 -> 0.92 and
    // 0.72 -> 0.97) and costs the quarter close-up 4 of 60 (1.00 -> 0.93); mean over the 11 rows 0.84 ->
    // 0.89 (docs/benchmarks.md "Image search: session 16"). The colour picture stays the default because
    // purchase-request matching was set for it: with the colour picture, photos of prints, denim or plain
    // weaves with no lace score up to 0.973 at 40 and at 200 designs (a print of small flowers, against one
    // design in both), so MatchLimits shows and invites from 0.976 and only when the photo's 10th hit is at
    // least 0.94: 0 of 272 such photos show or invite at either size, the own product shown for 0.95 / 0.89
    // of buyers' photos with the layout boost (docs/benchmarks.md "Purchase-request matching: a score
    // relative to the catalogue"); with luma such photos reached 0.979 at 200 designs (session 16), so those
    // values do not hold for it (test/bench/match-thresholds.ts); and with luma the pattern-copy check (0.997 + structure 0.95) falsely
    // flags one pair of the 320 demo products (test/bench/demo-copies.ts; none with rgb). Switching either way changes the stored model's name, so an
    // installed index is rebuilt by the next start (test/integration/api/image-search-engine-switch.test.ts).
    networkInput: 'rgb',
    backend: 'wasm',
    extractThreads: overrides.extractThreads ?? defaultExtractThreads(),
    indexThreads: overrides.extractThreads ?? defaultExtractThreads(),
    firstPassViews: ['full', 'centre50'],
    indexOnStart: true,
    refreshMs: 30_000,
    pgvector: 'auto',
    annFrom: 20_000,
    annDims: 256,
    annScalar: 'i8',
    annAllEntriesOf: 40,
    annExactTop: 20,
    catalogueViews: [...CATALOGUE_VIEWS],
    // 'pieceInverse' (a see-through piece's other drawing) after 'piece' lifted textured backdrops 0.48 -> 0.52 at
    // 10,000 designs with its windows, but that default took the whole query's p95 at 100,000 images to 477 ms
    // (docs/benchmarks.md "session 20"). Since session 24 it is the lace's colour on the other ground, made only
    // for a see-through mid-tone lace (views.ts), and has no windows: textured backdrops at 10,000 designs
    // 0.61 / 0.67 -> 0.61 / 0.69 with besideThreads (docs/benchmarks.md "session 24").
    queryViews: ['full', 'piece', 'pieceInverse', 'centre50', 'focusCentre', 'zoomOut', 'centre25'],
    maxImagesPerProduct: 6,
    maxResults: 100,
    weights: DEFAULT_WEIGHTS,
    layoutBoost: DEFAULT_LAYOUT_BOOST,
    // At 10,000 designs (docs/benchmarks.md "Image search: session 19"): close-ups 0.84 -> 0.95 recall@1, crops
    // of a quarter 0.92 -> 0.95, phone photos 0.95 -> 0.98; any tau from 0.5 to 0.65 with gamma 0.8–0.9 reads
    // the same within a query. The photo's piece ('piece') and its other drawing ('pieceInverse') lift flat
    // backdrops 0.93 -> 0.97 and textured ones 0.48 -> 0.52 (session 20; the extraction threads make their
    // windows), but with them and 'pieceInverse' as a query view the whole query's p95 at 100,000 images was
    // 477 ms (target 300). Session 21: the piece slid over the 'tight' thumbs too (window-check.ts THUMB_VIEWS),
    // textured backdrops at 300 designs 0.72 -> 0.79 with the piece's windows; 'pieceInverse' stays out.
    // Session 22: the photo as it is slid over the 'full' thumbs only (a quarter fewer slides); the piece over
    // both. At 300 designs textured backdrops, flat ones, close-ups and quarter crops read the same as with every
    // view over every thumb; the piece over 'tight' alone lost two flat-backdrop photos of 100.
    // Session 25: a see-through piece is looked at among the leading 200 (WindowCheck.seeThrough): its drawing
    // and its other drawing ('pieceInverse', where the lace is a mid-tone), windows of 22/24 of the side and
    // more, over the 'tight' thumbs, the best 2 coarse places again at full resolution, boosted by up to 0.9.
    // Textured backdrops at 10,000 designs 0.61 / 0.69 -> 0.74 / 0.84 over the leading 300 (with findLace's larger
    // pieces); 300 took the whole query's p95 at 100,000 images to 531 ms before the thumbs had their own index
    // (migration 2026112900); over 200, one photo of 45 fewer first (docs/benchmarks.md "Image search: session 25").
    // Session 27: a round see-through piece (a medallion: its box hardly grows either way of its turn, so the
    // turn it reads is a guess, off by up to 22°) is also slid turned to each of `turns` (degrees; its drawing
    // turned about its centre, windows of the two largest scales). On the textured row's see-through photos at
    // 2,000 designs, thumbs alone: medallions found first 4 -> 9 of 12 (docs/benchmarks.md "Image search: session 27").
    // Session 34: the see-through look boosted by up to 0.95 (was 0.9): at 10,000 designs textured backdrops
    // 0.79 / 0.91 -> 0.80 / 0.91 (one knit photo whose own design agreed best but was 0.014 under the first on the
    // fused score), every other of the 18 rows the same; keeping 8 coarse places in place of 2 read the same
    // (docs/benchmarks.md "Image search: session 34").
    // Session 36: the fine check (fine-check.ts, `seeThrough.fine`: the look's leading 5 re-sorted by the piece's
    // drawing against each one's 'tightThreads' at 128 cells, in 8 × 8 blocks each free to move 10 cells) is
    // left off: at 10,000 designs textured backdrops stayed 0.80 / 0.91 (see-through 37 -> 39 first, opaque pieces
    // on prints 13 -> 11) and 13 other rows lost 1-5 photos each, pictures on their own ground read as see-through
    // pieces on a surface (docs/benchmarks.md "Image search: session 36"). The bench turns it on with --fine 5.
    // Sessions 37-38: its guards (`below`, `weight`) replayed over all 18 rows gained nothing on the textured row
    // that the others did not pay for, and the piece's colour-free twin (weights.pieceColourFree) read 0.80 / 0.90
    // with warm light one photo down: both left off (docs/benchmarks.md "Image search: sessions 37–38").
    // Session 39: the piece's windows also read half a cell off their frame and 2 % larger or smaller
    // (`seeThrough.jitter`, cost 0.015) read 0.80 / 0.92 on the textured row (two photos gained first, two lost)
    // for about 27 ms more a view over 200 thumbs: left off; the bench turns it on with --jitter
    // (docs/benchmarks.md "Image search: session 39").
    // Session 40: the lace's colour as the see-through look's tie-breaker (`seeThrough.colour`, window-check.ts
    // SeeThroughColour: a 'tight' thumb's agreement less weight x (dE - free) / 100 where its picture's threads'
    // colour, kept beside it, lies more than `free` from the piece's; photos under `gate` colourful keep none) is
    // left off: thumbs alone at 2,000 designs it placed 31 of 46 see-through photos first against 25, but at 10,000
    // designs with the network (0.3, 10, 0.03) the textured row read 0.77 / 0.90 against 0.80 / 0.91, one photo
    // gained and four lost where the piece's colour was read far from its picture's (docs/benchmarks.md "Image
    // search: session 40"). The bench turns it on with --see-through-colour 0.3:10:0.03.
    windowCheck: {
      tau: 0.6, gamma: 0.8, top: 10, views: ['full', 'piece', 'pieceInverse'], over: { full: ['full'] },
      seeThrough: { top: 200, minScale: 22 / 24, keep: 2, gamma: 0.95, thumbs: ['tight'], turns: [-9, -6, -3, 0, 3, 6, 9] },
    },
    perIpPerDay: 50,
    queueMax: 16,
    staleJobMs: 600_000,
    ...overrides,
  };
}

/** How the HNSW graph is built and searched, from the settings (`dim`: the vectors', for where their layout block is). */
export function annOptions(settings: ImageSearchSettings, dim?: number): AnnOptions {
  const layout = dim === undefined ? null : layoutScoringOf(dim, settings);
  return { scalar: settings.annScalar, allEntriesOf: settings.annAllEntriesOf, ...(layout ? { layoutAt: layout.block.at } : {}) };
}

/** How searches over fused vectors of `dim` values are boosted by the layout; null where the settings leave it off. */
export function layoutScoringOf(dim: number, settings: ImageSearchSettings): LayoutScoring | null {
  const block = layoutBlockOf(dim, settings.weights);
  return block && settings.layoutBoost ? { block, boost: settings.layoutBoost } : null;
}
