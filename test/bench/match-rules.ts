// `npx tsx test/bench/match-rules.ts dump.json [more.json …] [--show 0.976] [--inbox 0.976] [--k 10] [--level 0.94]`
// Rules for purchase-request matching weighed on the dumps of test/bench/match-thresholds.ts (`--dump`):
// every photo's sorted top MatchLimits.candidates product scores, lace photos with their own product's
// rank and score. First, on top of the old floors (0.95 / 0.96), statistics of the photo's own hit list:
// how far the best stands above the score at rank k, above the mean of ranks 2..k, a z-score over ranks
// 2..k, and how close the photo is to many products (the score at rank k, the mean of ranks 1..k): for
// each, the largest value a photo with no lace reaches and the share of lace photos kept at cuts just above
// it. Then the rule as chooseMatches applies it (MatchLimits, or the values given): per kind of photo, the
// share whose own product is shown and whose company is invited, how many photos with no lace show or
// invite, and the ones closest to passing; with 40 designs or fewer, also on smaller catalogues drawn from
// the dump. Dumps of one engine and catalogue size are read as one (a photo in several, same kind and
// number, counts once), so runs with other `--no-lace` counts (which draw other photos) add to the tail.
// Counts from dumps: no engine runs here.
import { readFileSync } from 'node:fs';
import { chooseMatches, type MatchRule } from '../../api/modules/purchase/purchase.matching';
import { MatchLimits } from '../../isomorphic/domain/purchase';

interface Photo { lace: boolean; kind: string; design?: number; photo?: number; ownRank?: number; ownScore?: number; scores: number[] }
interface Dump { engine: string; designs: number; photos: Photo[] }

const argv = process.argv.slice(2);
const opt = (name: string) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : undefined; };
const files = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
const rule: MatchRule = {
  ...MatchLimits,
  ...(opt('k') ? { referenceRank: Number(opt('k')) } : {}),
  ...(opt('level') ? { laceLevel: Number(opt('level')) } : {}),
  ...(opt('show') ? { showMin: Number(opt('show')) } : {}),
  ...(opt('inbox') ? { inboxMin: Number(opt('inbox')) } : {}),
};
const f3 = (x: number) => x.toFixed(3);
/** What the rule is compared with: the thresholds landed before it (session 16), the floors alone. */
const OLD = { name: 'the 0.95 / 0.96 floors alone', showMin: 0.95, inboxMin: 0.96 };
const f4 = (x: number) => x.toFixed(4);
const share = (n: number, of: number) => (of ? n / of : 0).toFixed(2);

type Family = 'kth' | 'mean' | 'z' | 'level' | 'meanTop';
/**
 * How far `score` stands above the photo's own reference (scores best first), or for 'level' and 'meanTop'
 * how close the photo is to many products at once (the score at rank k, the mean of ranks 1..k, whatever
 * `score`); null when there are fewer than k.
 */
function above(family: Family, k: number, scores: number[], score: number): number | null {
  if (scores.length < k) return null;
  if (family === 'kth') return score - scores[k - 1];
  if (family === 'level') return scores[k - 1];
  if (family === 'meanTop') return scores.slice(0, k).reduce((a, b) => a + b, 0) / k;
  const ref = scores.slice(1, k);
  const mean = ref.reduce((a, b) => a + b, 0) / ref.length;
  if (family === 'mean') return score - mean;
  const sd = Math.sqrt(ref.reduce((a, b) => a + (b - mean) ** 2, 0) / ref.length);
  return (score - mean) / Math.max(sd, 1e-4);
}

const groups = new Map<string, { dump: Dump; files: string[]; seen: Set<string> }>();
for (const file of files) {
  const d = JSON.parse(readFileSync(file, 'utf8')) as Dump;
  const key = `${d.engine} ${d.designs}`;
  const g = groups.get(key) ?? { dump: { ...d, photos: [] }, files: [], seen: new Set<string>() };
  groups.set(key, g);
  g.files.push(file);
  for (const p of d.photos) {
    const id = `${p.lace} ${p.kind} ${p.design ?? p.photo}`;
    if (!g.seen.has(id)) { g.seen.add(id); g.dump.photos.push(p); }
  }
}

for (const { dump, files: file } of groups.values()) {
  const lace = dump.photos.filter((p) => p.lace);
  const plain = dump.photos.filter((p) => !p.lace);
  console.log(`\n## ${file.join(' + ')}: ${dump.engine}, ${dump.designs} designs, ${lace.length} lace photos, ${plain.length} with no lace`);
  // Lace photos whose own product passes the floors and is among those shown: what any relative rule can keep.
  const showable = lace.filter((p) => (p.ownScore ?? 0) >= OLD.showMin && (p.ownRank ?? 0) >= 1 && (p.ownRank ?? 0) <= MatchLimits.shown);
  console.log(`own product shown by the floor alone (≥ showMin ${OLD.showMin}, within the first ${MatchLimits.shown}): ${share(showable.length, lace.length)}; no-lace photos at or above showMin: ${plain.filter((p) => p.scores[0] >= OLD.showMin).length}, max best ${f3(Math.max(...plain.map((p) => p.scores[0])))}`);
  console.log('| rule | no lace, max over those ≥ showMin | no lace, max over all | lace photos the floors show: min / 5th percentile / median | own shown at max+0.002 | at max+0.005 | at max+0.01 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const family of ['kth', 'mean', 'z', 'level', 'meanTop'] as Family[]) {
    for (const k of family === 'level' || family === 'meanTop' ? [2, 3, 5, 10, 20, 30, 40] : [5, 10, 20, 30, 40]) {
      const d = (p: Photo, s: number) => above(family, k, p.scores, s);
      const floorMax = Math.max(-Infinity, ...plain.filter((p) => p.scores[0] >= OLD.showMin).map((p) => d(p, p.scores[0]) ?? -Infinity));
      const allMax = Math.max(...plain.map((p) => d(p, p.scores[0]) ?? -Infinity));
      const own = showable.map((p) => d(p, p.ownScore as number) ?? -Infinity).sort((a, b) => a - b);
      const unit = family === 'z' ? 10 : 1;
      const keep = (m: number) => share(own.filter((x) => x >= Math.max(floorMax, -Infinity) + m * unit).length, lace.length);
      const name = { kth: `best − rank ${k}`, mean: `best − mean of 2..${k}`, z: `z over 2..${k}`, level: `score at rank ${k}`, meanTop: `mean of ranks 1..${k}` }[family];
      console.log(`| ${name} | ${f4(floorMax)} | ${f4(allMax)} | ${f4(own[0] ?? NaN)} / ${f4(own[Math.floor(own.length * 0.05)] ?? NaN)} / ${f4(own[Math.floor(own.length / 2)] ?? NaN)} | ${keep(0.002)} | ${keep(0.005)} | ${keep(0.01)} |`);
    }
  }

  // The rule as chooseMatches applies it: each photo's hits, its own product (lace) as product 1 of company 1.
  console.log(`\nchooseMatches: showMin ${rule.showMin}, inboxMin ${rule.inboxMin}, inboxMargin ${rule.inboxMargin}, lace level ${rule.laceLevel} at rank ${rule.referenceRank}:`);
  report(dump.photos, rule);
  // Smaller catalogues drawn from this one (a photo's score for a product does not depend on the others):
  // each photo's own product and a random sample of the rest of its hits, when the dump holds them all.
  if (dump.designs <= MatchLimits.candidates) {
    for (const n of [5, 10, 20]) {
      const rng = mulberry(n);
      const sampled = dump.photos.map((p) => {
        const others = p.scores.map((score, i) => ({ score, own: p.lace && p.ownRank === i + 1 })).filter((h) => !h.own);
        const pick = others.map((h) => ({ h, r: rng() })).sort((a, b) => a.r - b.r).slice(0, p.lace ? n - 1 : n).map((x) => x.h);
        const all = [...pick, ...(p.lace && p.ownRank ? [{ score: p.ownScore as number, own: true }] : [])].sort((a, b) => b.score - a.score);
        return { ...p, scores: all.map((h) => h.score), ownRank: all.findIndex((h) => h.own) + 1 };
      });
      console.log(`\n  a catalogue of ${n} of these ${dump.designs} designs (each photo's own design and a random ${n - 1} others):`);
      report(sampled, rule);
    }
  }
}

function mulberry(seed: number) {
  let a = seed >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

/** Per kind of lace photo, the share whose own product is shown and whose company is invited; how many photos with no lace show or invite; the closest calls. */
function report(photos: Photo[], rule: MatchRule) {
  const floors: MatchRule = { ...rule, laceLevel: -1, showMin: OLD.showMin, inboxMin: OLD.inboxMin };
  const hitsOf = (p: Photo) => p.scores.map((score, i) => ({ productId: p.lace && p.ownRank === i + 1 ? 1 : i + 2, score }));
  const run = (p: Photo, r: MatchRule) => chooseMatches(hitsOf(p), new Map(hitsOf(p).map((h) => [h.productId, h.productId])), r);
  const lace = photos.filter((p) => p.lace), plain = photos.filter((p) => !p.lace);
  const count = (ps: Photo[], r: MatchRule) => {
    let shown = 0, invited = 0;
    for (const p of ps) {
      const m = run(p, r);
      if (m.products.some((x) => x.product_id === 1)) shown++;
      if (m.companies.some((x) => x.company_id === 1)) invited++;
    }
    return `own shown ${share(shown, ps.length)}, own company invited ${share(invited, ps.length)}`;
  };
  for (const kind of [...new Set(lace.map((p) => p.kind))]) {
    const ps = lace.filter((p) => p.kind === kind);
    console.log(`  ${kind.padEnd(17)} ${count(ps, rule)} (${OLD.name}: ${count(ps, floors)})`);
  }
  console.log(`  all ${String(lace.length).padEnd(4)} lace     ${count(lace, rule)} (${OLD.name}: ${count(lace, floors)})`);
  const anything = (r: MatchRule) => {
    const ms = plain.map((p) => run(p, r));
    return `${ms.filter((m) => m.products.length).length} of ${plain.length} show products, ${ms.filter((m) => m.companies.length).length} invite a company`;
  };
  console.log(`  no lace: ${anything(rule)} (${OLD.name}: ${anything(floors)})`);
  // How near each photo with no lace comes to passing both the show floor and the lace level: the larger
  // of the two distances; the closest five.
  const near = plain.map((p) => {
    const rank = Math.min(rule.referenceRank, Math.max(2, Math.ceil(p.scores.length / 4)));
    const toShow = rule.showMin - p.scores[0], toLevel = rule.laceLevel - (p.scores[rank - 1] ?? -1);
    return { p, margin: Math.max(toShow, toLevel), why: `best ${f4(p.scores[0])}, rank ${rank} ${f4(p.scores[rank - 1] ?? NaN)}` };
  }).sort((a, b) => a.margin - b.margin);
  console.log(`  no lace, closest to passing: ${near.slice(0, 5).map((x) => `#${x.p.photo} ${x.p.kind} by ${f4(x.margin)} (${x.why})`).join('; ')}`);
}
