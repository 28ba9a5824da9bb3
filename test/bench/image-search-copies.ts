// `--copies` of the image-search benchmark: how well the engine's similarity tells a transformed copy of a
// design from a different design, for pattern-copy detection (issue 17 item 2: a seller's new picture that
// is nearly the same as another company's product is flagged). Every query of the run is a catalogue
// picture transformed; its "copy" score is the best similarity of a product of the same design (the
// design's own product or its colourway sibling: the same motif), its "different" score the best similarity
// of any product of another design, both as the api's flat index scores them (a product scores its best
// view). A threshold t flags a copy when copy ≥ t (recall) and flags wrongly when different ≥ t (false
// positive: a new product of another design would be flagged).
export interface CopyScores { row: string; copy: number; different: number; /** the best 30 other-design similarities, best first */ others: number[] }

const f2 = (x: number) => x.toFixed(2);
const f4 = (x: number) => x.toFixed(4);
const f3 = (x: number) => x.toFixed(3);

export function copyScores(row: string, hits: Array<{ productId: number; score: number }>, designOf: (productId: number) => number, design: number): CopyScores {
  let copy = -Infinity, different = -Infinity;
  const others: number[] = [];
  for (const h of hits) {
    if (designOf(h.productId) === design) copy = Math.max(copy, h.score);
    else {
      different = Math.max(different, h.score);
      others.push(h.score);
    }
  }
  return { row, copy, different, others: others.sort((a, b) => b - a).slice(0, 30) };
}

export interface CopyThreshold { t: number; recall: number; falsePositive: number }

/**
 * Recall and false-positive rate at each threshold from 0.900 to 0.999 in steps of 0.001 (the engine's
 * similarities of lace pictures crowd near 1: different designs commonly score 0.98-0.99).
 */
export function sweepThresholds(scores: CopyScores[]): CopyThreshold[] {
  const out: CopyThreshold[] = [];
  for (let k = 900; k <= 999; k++) {
    const t = k / 1000;
    out.push({ t, recall: scores.filter((s) => s.copy >= t).length / scores.length, falsePositive: scores.filter((s) => s.different >= t).length / scores.length });
  }
  return out;
}

/**
 * The threshold that separates best: the lowest false-positive rate first (a false flag accuses a seller),
 * then the highest recall; among equals the lowest threshold (more margin for copies not measured here).
 */
export function pickThreshold(scores: CopyScores[], maxFalsePositive = 0.01): CopyThreshold {
  const sweep = sweepThresholds(scores);
  const fine = sweep.filter((x) => x.falsePositive <= maxFalsePositive);
  const pool = fine.length ? fine : sweep;
  return pool.reduce((best, x) => (x.recall > best.recall || (x.recall === best.recall && x.falsePositive < best.falsePositive) ? x : best), pool[0]);
}

/** Log lines: the score distributions, the sweep, the picked threshold and recall per row there. */
export function copyReport(scores: CopyScores[]): string[] {
  const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
  const copies = scores.map((s) => s.copy), others = scores.map((s) => s.different);
  const lines = [
    `copy detection over ${scores.length} queries: copy score min ${f3(Math.min(...copies))}, 5th percentile ${f3(pct(copies, 0.05))}, median ${f3(pct(copies, 0.5))}; different-design score median ${f3(pct(others, 0.5))}, 99th percentile ${f3(pct(others, 0.99))}, max ${f3(Math.max(...others))}`,
  ];
  for (const x of sweepThresholds(scores)) if (x.t >= 0.98) lines.push(`  copy threshold ${f4(x.t)}: recall ${f3(x.recall)}, false positives ${f3(x.falsePositive)}`);
  const best = pickThreshold(scores);
  lines.push(`copy threshold picked ${f4(best.t)}: recall ${f3(best.recall)}, false-positive rate ${f3(best.falsePositive)}`);
  const rows = [...new Set(scores.map((s) => s.row))];
  for (const r of rows) {
    const rs = scores.filter((s) => s.row === r);
    lines.push(`  ${r}: recall ${f2(rs.filter((s) => s.copy >= best.t).length / rs.length)}, false positives ${f2(rs.filter((s) => s.different >= best.t).length / rs.length)} (copy median ${f3(pct(rs.map((s) => s.copy), 0.5))}, different max ${f3(Math.max(...rs.map((s) => s.different)))})`);
  }
  return lines;
}
