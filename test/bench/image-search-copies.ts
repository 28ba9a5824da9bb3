// `--copies` of the image-search benchmark: how well the engine's similarity tells a transformed copy of a
// design from a different design, for pattern-copy detection (issue 17 item 2: a seller's new picture that
// is nearly the same as another company's product is flagged). Every query of the run is a catalogue
// picture transformed; its "copy" score is the best similarity of a product of the same design (the
// design's own product or its colourway sibling: the same motif), its "different" score the best similarity
// of any product of another design, both as the api's flat index scores them (a product scores its best
// view). A threshold t flags a copy when copy ≥ t (recall) and flags wrongly when different ≥ t (false
// positive: a new product of another design would be flagged).
export interface CopyScores {
  row: string; copy: number; different: number; /** the best 30 other-design similarities, best first */ others: number[];
  /** the products scoring `copy` and `different` */
  copyId: number; differentId: number;
  /** the structure's agreement (engine/structure.ts) of the query with those two products' pictures, when measured */
  copyStructure?: number; differentStructure?: number;
}

const f2 = (x: number) => x.toFixed(2);
const f4 = (x: number) => x.toFixed(4);
const f3 = (x: number) => x.toFixed(3);

export function copyScores(row: string, hits: Array<{ productId: number; score: number }>, designOf: (productId: number) => number, design: number): CopyScores {
  let copy = -Infinity, different = -Infinity, copyId = 0, differentId = 0;
  const others: number[] = [];
  for (const h of hits) {
    if (designOf(h.productId) === design) {
      if (h.score > copy) { copy = h.score; copyId = h.productId; }
    } else {
      if (h.score > different) { different = h.score; differentId = h.productId; }
      others.push(h.score);
    }
  }
  return { row, copy, different, others: others.sort((a, b) => b - a).slice(0, 30), copyId, differentId };
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

/** The one-sided 95 % upper bound of a rate seen k times in n (exact for k = 0: 1 - 0.05^(1/n); else Wilson's). */
export function upperBound95(k: number, n: number): number {
  if (n === 0) return 1;
  if (k === 0) return 1 - Math.pow(0.05, 1 / n);
  const z = 1.645, p = k / n;
  return (p + (z * z) / (2 * n) + z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
}

/**
 * Log lines for the pattern-copy check as the api makes it: the engine's similarity at or above `t` and the
 * structure's agreement at or above each `s` swept. Recall per row; false positives over every query
 * (its best different design), both with the engine's threshold and by the structure alone (the pairs the
 * engine lets through are few: the structure alone, over every query's nearest different design, is the
 * larger sample of how often it confirms a different design).
 */
export function structureReport(scores: CopyScores[], t: number): string[] {
  const measured = scores.filter((s) => s.copyStructure !== undefined && s.differentStructure !== undefined);
  if (measured.length === 0) return [];
  const n = measured.length;
  const dist = measured.map((s) => s.differentStructure as number).sort((a, b) => b - a);
  const lines = [`structure over ${n} queries: nearest different design's agreement max ${f3(dist[0])}, 99th percentile ${f3(dist[Math.floor(n / 100)])}, median ${f3(dist[Math.floor(n / 2)])}`];
  for (let k = 80; k <= 98; k += 2) {
    const sv = k / 100;
    const recall = measured.filter((s) => s.copy >= t && (s.copyStructure as number) >= sv).length;
    const fp = measured.filter((s) => s.different >= t && (s.differentStructure as number) >= sv).length;
    const fpAlone = measured.filter((s) => (s.differentStructure as number) >= sv).length;
    lines.push(`  engine >= ${f4(t)} and structure >= ${f2(sv)}: recall ${f3(recall / n)}, false positives ${fp} of ${n} (under ${f3(upperBound95(fp, n))} at 95 %); structure alone flags ${fpAlone} of ${n} nearest different designs`);
  }
  return lines;
}

/** Recall per row with the engine at `t` alone and with the structure at `sv` too. */
export function structureRows(scores: CopyScores[], t: number, sv: number): string[] {
  const rows = [...new Set(scores.map((s) => s.row))];
  return rows.map((r) => {
    const rs = scores.filter((s) => s.row === r && s.copyStructure !== undefined);
    const engine = rs.filter((s) => s.copy >= t).length, both = rs.filter((s) => s.copy >= t && (s.copyStructure as number) >= sv).length;
    return `  ${r}: engine ${engine}/${rs.length}, engine and structure ${both}/${rs.length} (structure of the copy median ${f2([...rs.map((s) => s.copyStructure as number)].sort((a, b) => a - b)[Math.floor(rs.length / 2)] ?? 0)})`;
  });
}
