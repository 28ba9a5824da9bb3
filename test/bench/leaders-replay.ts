// `npx tsx test/bench/leaders-replay.ts leaders.jsonl [--rules fine:5,blend:5:0.5,...]`
// Replays the see-through look's leaders that `npm run bench:image-search -- --dump-leaders leaders.jsonl` wrote,
// re-ordered by each rule, and reports per row how many photos each rule puts first (and in the first 10) that
// the look alone did not, and how many it takes off. Only photos the look looked at are in the file, so a
// row's recall moves by exactly these gains and losses; the rest of the row is as the bench reported it.
// A rule re-orders the leading `k` of the dumped leaders (the look's order) by a key:
//   look             the order as it is (the look's boosted scores)
//   fine:k           the fine check's agreement (fine-check.ts; the current `--fine k`)
//   blend:k:w        score after the look + w × fine agreement
//   agree:k:w        the look's agreement + w × fine agreement (the fused score ignored)
// and any of them can carry guards, `@min=0.6` (only where a leader's fine agreement reaches it),
// `@fused=0.99` (only where the best fused score before the look is under it), `@margin=0.01` (only where the
// look's first two scores lie within it).
import fs from 'node:fs';

interface Leader { id: number; design: number; fused: number | null; fusedRank: number; score: number; look: number; lead: number | null; fine: number | null }
interface Line { row: string; q: number; target: number; seeThrough?: boolean; surface?: string; pieces: number; fusedFirst: number | null; ownFusedRank: number; leaders: Leader[] }

const file = process.argv[2];
if (!file) throw new Error('usage: leaders-replay.ts leaders.jsonl [--rules …]');
const lines: Line[] = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
const i = process.argv.indexOf('--rules');
const RULES = i > 0 ? process.argv[i + 1].split(',') : [
  'look', 'fine:5', 'fine:5@min=0.6', 'fine:5@fused=0.99', 'blend:5:0.05', 'blend:5:0.1', 'blend:5:0.2', 'blend:10:0.1', 'agree:5:0.5', 'agree:5:1', 'agree:5:2', 'agree:10:1',
];

/** The leaders re-ordered by a rule; null: the look's order. */
function apply(rule: string, l: Line): Leader[] {
  const [head, ...guards] = rule.split('@');
  const [kind, ks, ws] = head.split(':');
  const k = Math.min(Number(ks) || 0, l.leaders.length);
  if (kind === 'look' || k < 2 || l.pieces === 0) return l.leaders;
  const lead = l.leaders.slice(0, k);
  for (const g of guards) {
    const [name, v] = g.split('='), x = Number(v);
    if (name === 'min' && Math.max(...lead.map((h) => h.fine ?? -1)) < x) return l.leaders;
    if (name === 'fused' && (l.fusedFirst ?? 0) >= x) return l.leaders;
    if (name === 'margin' && lead[0].score - lead[1].score > x) return l.leaders;
  }
  const w = Number(ws);
  const fine = (h: Leader) => h.fine ?? -1;
  const key = kind === 'fine' ? fine : kind === 'blend' ? (h: Leader) => h.score + w * fine(h) : (h: Leader) => Math.max(h.look, h.lead ?? -1) + w * fine(h);
  const order = lead.map((h, j) => ({ h, j, v: key(h) })).sort((a, b) => b.v - a.v || a.j - b.j).map((x) => x.h);
  return [...order, ...l.leaders.slice(k)];
}

const rows = [...new Set(lines.map((l) => l.row))];
const rank = (ls: Leader[], target: number) => ls.findIndex((h) => h.id === target);
console.log(`${lines.length} photos looked at; rows ${rows.map((r) => `${r} ${lines.filter((l) => l.row === r).length}`).join(', ')}`);
for (const rule of RULES) {
  const parts: string[] = [];
  let net = 0;
  for (const row of rows) {
    let gain = 0, loss = 0;
    for (const l of lines.filter((x) => x.row === row)) {
      const was = rank(l.leaders, l.target) === 0, now = rank(apply(rule, l), l.target) === 0;
      if (now && !was) gain++;
      if (was && !now) loss++;
    }
    net += gain - loss;
    if (gain || loss) parts.push(`${row} +${gain}/-${loss}`);
  }
  console.log(`${rule.padEnd(24)} net ${net >= 0 ? '+' : ''}${net}  ${parts.join('  ')}`);
}
