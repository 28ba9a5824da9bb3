// The text search index of products, kept by the catalogue: an FTS5 table (product_fts, contentless,
// rowid = product id) on SQLite, a tsvector table (product_search, GIN) on PostgreSQL. Both hold the
// same four columns of pre-analysed tokens (text-analysis.ts): title words (weight A), title characters
// (B), body words (C), body characters (D); the queries of both are built here from the same terms.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { patternTypeLabels, ProductKind } from '../../../isomorphic/domain/catalogue';
import { productsWithCompany } from './catalogue.joins';
import { isCjk, searchDocument, type SearchDocument, type Term } from './text-analysis';

export interface IndexDb { db: Kysely<Database>; dialect: DialectName }

/** Column weights of the ranking: a title word counts most, a character of the description least. */
export const WEIGHTS = { tw: 10, tc: 4, bw: 2, bc: 1 } as const;

/** PostgreSQL: the product columns a search's filters read (filterSql), copied into product_search (migration 2026112485). */
export const SEARCH_FILTER_COLUMNS = ['status', 'company_id', 'kind', 'pattern_type', 'shape', 'unit', 'edge', 'craft', 'stretch', 'price'] as const;

const garmentLabels = ['服装', 'garment', '成衣', 'clothing'];

async function loadSources(db: Kysely<Database>, ids: number[]) {
  return productsWithCompany(db)
    .select(['p.id', 'p.kind', 'p.title', 'p.title_en', 'p.code', 'p.description', 'p.description_en', 'p.pattern_type', 'c.name as company_name', 'c.name_en as company_name_en'])
    .where('p.id', 'in', ids)
    .execute();
}

type SourceRow = Awaited<ReturnType<typeof loadSources>>[number];

function documentOf(r: SourceRow): SearchDocument {
  const type = patternTypeLabels[r.pattern_type];
  return searchDocument({
    title: r.title, titleEn: r.title_en, code: r.code, description: r.description, descriptionEn: r.description_en,
    companyName: r.company_name, companyNameEn: r.company_name_en,
    labels: [...(type ? [type.zh, type.en] : []), ...(r.kind === ProductKind.GARMENT ? garmentLabels : [])],
  });
}

// tsvector positions run to 16383: each column gets its own range, so a phrase never spans two columns.
const PG_COLUMNS: Array<{ key: keyof SearchDocument; weight: 'A' | 'B' | 'C' | 'D'; from: number; max: number }> = [
  { key: 'tw', weight: 'A', from: 1, max: 1000 },
  { key: 'tc', weight: 'B', from: 1001, max: 3000 },
  { key: 'bw', weight: 'C', from: 4001, max: 4000 },
  { key: 'bc', weight: 'D', from: 8001, max: 8000 },
];

/** The tsvector literal of a document: 'lexeme':1A,2A … (tokens are letters and digits only, so no quoting issues). */
export function tsvectorLiteral(doc: SearchDocument): string {
  const positions = new Map<string, string[]>();
  for (const col of PG_COLUMNS) {
    doc[col.key].slice(0, col.max).forEach((token, i) => {
      const list = positions.get(token) ?? [];
      if (list.length < 255) list.push(`${col.from + i}${col.weight}`);
      positions.set(token, list);
    });
  }
  return [...positions].map(([token, pos]) => `'${token}':${pos.join(',')}`).join(' ');
}

const ftsPhrase = (tokens: string[]) => `"${tokens.join(' ')}"`;

/**
 * The words of the index that a prefix term stands for, by the term's word; a term left out is matched as a
 * prefix (SQLite: by FTS5; PostgreSQL: its GIN index is asked for these words, the rows then tested with the
 * prefix itself, see matchSql's indexWhere). FTS5 has prefix indexes of 2 and 3 letters (the migration's prefix='2 3');
 * a longer prefix makes it merge the doclists of every word the prefix covers, whole, on each read (4 ms
 * for "lace", held by every product at 100,000, against 0.2 ms for the word "lace" read up to a limit).
 */
export type Expansions = ReadonlyMap<string, string[]>;

/** Up to this many words a prefix is asked as its words; more, as a prefix. */
export const EXPAND_MAX = 16;

/**
 * The expansions of the prefix terms of four letters or more, from product_search_vocab: every Latin or
 * digit word the index has held (written with the index, never taken out), so the words found are all the
 * words the prefix could match, and a few it no longer does, which then match nothing.
 */
export async function prefixExpansions({ db }: IndexDb, terms: Term[]): Promise<Expansions> {
  const out = new Map<string, string[]>();
  const words = [...new Set(terms.filter((t) => t.prefix && [...t.word].length >= 4).map((t) => t.word))];
  if (words.length === 0) return out;
  // One statement for every prefix of the query (a round trip each before).
  const r = await sql<{ word: string; term: string }>`${sql.join(words.map((w) => sql`select cast(${w} as text) as word, v.term from
    (select term from product_search_vocab where term >= ${w} and term < ${`${w}\u{10FFFF}`} order by term limit ${EXPAND_MAX + 1}) v`), sql` union all `)}`.execute(db);
  for (const w of words) {
    const found = r.rows.filter((x) => x.word === w).map((x) => x.term).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (found.length <= EXPAND_MAX) out.set(w, found);
  }
  return out;
}

/** PostgreSQL: the tsquery literal of tsQuery(terms, mode) with each expanded prefix asked as its words (what the GIN index is asked: a prefix is a partial match for it, every row of every word it covers collected before any intersection). */
export function tsIndexQuery(terms: Term[], mode: 'all' | 'any', expansions: Expansions): string {
  const parts = terms.map((t) => {
    const words = !t.cjk && t.prefix ? expansions.get(t.word) : undefined;
    if (!words) return tsQuery([t], 'all');
    // No word has the prefix: the word itself, which no product holds either.
    return words.length === 0 ? `'${t.word}'` : `(${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(' | ')})`;
  });
  return parts.join(mode === 'all' ? ' & ' : ' | ');
}

/** The FTS5 expression of a Latin term's word phrase: the prefix, its words, or the word itself. */
function latinPhrase(t: Term, expansions: Expansions): string {
  const words = t.prefix ? expansions.get(t.word) : undefined;
  if (!words) return `{tw bw} : ${ftsPhrase([t.word])}${t.prefix ? '*' : ''}`;
  // No word has the prefix: the word itself, which no product holds either.
  if (words.length === 0) return `{tw bw} : ${ftsPhrase([t.word])}`;
  return `{tw bw} : (${words.map((w) => ftsPhrase([w])).join(' OR ')})`;
}

/** The FTS5 MATCH expression of the terms, all of them (AND) or any (OR); prefixes as their words where `expansions` has them. */
export function ftsQuery(terms: Term[], mode: 'all' | 'any', expansions: Expansions = new Map()): string {
  const parts = terms.map((t) => (t.cjk
    ? `({tw bw} : ${ftsPhrase([t.word])} OR {tc bc} : ${ftsPhrase(t.chars)})`
    : latinPhrase(t, expansions)));
  return parts.join(mode === 'all' ? ' AND ' : ' OR ');
}

/**
 * The tsquery literal of the terms: the same matching as ftsQuery. Without weight labels: words and
 * characters are different lexemes (a one-character word is its character either way), and a query
 * without weights or phrases is answered by the GIN index alone, without reading the documents.
 */
export function tsQuery(terms: Term[], mode: 'all' | 'any'): string {
  const parts = terms.map((t) => (t.cjk
    ? (t.chars.length === 1 ? `'${t.word}'` : `('${t.word}' | ${t.chars.map((c) => `'${c}'`).join(' <-> ')})`)
    : `'${t.word}'${t.prefix ? ':*' : ''}`));
  return parts.join(mode === 'all' ? ' & ' : ' | ');
}

/** Writes (or rewrites) the search documents of these products. Call it in the transaction that changed them. */
export async function indexProducts({ db, dialect }: IndexDb, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await loadSources(db, chunk);
    if (dialect === 'sqlite') {
      await sql`delete from product_fts where rowid in (${sql.join(chunk)})`.execute(db);
      await sql`delete from product_search_terms where product_id in (${sql.join(chunk)})`.execute(db);
      if (rows.length === 0) continue;
      const docs = rows.map(documentOf);
      const values = rows.map((r, k) => {
        const d = docs[k];
        return sql`(${r.id}, ${d.tw.join(' ')}, ${d.tc.join(' ')}, ${d.bw.join(' ')}, ${d.bc.join(' ')})`;
      });
      await sql`insert into product_fts (rowid, tw, tc, bw, bc) values ${sql.join(values)}`.execute(db);
      await sql`insert into product_search_terms (product_id, tw, tc, bw, bc) values ${sql.join(values)}`.execute(db);
      const words = new Set(docs.flatMap((d) => [...d.tw, ...d.bw]).filter((w) => !isCjk(w)));
      const list = [...words];
      for (let k = 0; k < list.length; k += 500) {
        await sql`insert or ignore into product_search_vocab (term) values ${sql.join(list.slice(k, k + 500).map((w) => sql`(${w})`))}`.execute(db);
      }
    } else {
      if (rows.length === 0) continue;
      // With the product's filter columns, read from product in this statement (a trigger on product keeps them in step after).
      const docs = rows.map(documentOf);
      const values = rows.map((r, k) => sql`(${r.id}, ${tsvectorLiteral(docs[k])})`);
      const cols = sql.join(SEARCH_FILTER_COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into product_search (product_id, doc, ${cols})
        select p.id, cast(v.doc as tsvector), ${sql.join(SEARCH_FILTER_COLUMNS.map((c) => sql.ref(`p.${c}`)))}
        from (values ${sql.join(values)}) v (id, doc) join product p on p.id = cast(v.id as integer)
        on conflict (product_id) do update set doc = excluded.doc, ${sql.join(SEARCH_FILTER_COLUMNS.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(db);
      // Every Latin or digit lexeme of the documents (the migration fills it from them), sorted: concurrent writers take the keys in one order.
      const list = [...new Set(docs.flatMap((d) => [...d.tw, ...d.tc, ...d.bw, ...d.bc]).filter((w) => !isCjk(w)))].sort();
      for (let k = 0; k < list.length; k += 500) {
        await sql`insert into product_search_vocab (term) values ${sql.join(list.slice(k, k + 500).map((w) => sql`(${w})`))} on conflict do nothing`.execute(db);
      }
    }
  }
}

/** Drops the search documents of deleted products. */
export async function unindexProducts({ db, dialect }: IndexDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (dialect === 'sqlite') {
    await sql`delete from product_fts where rowid in (${sql.join(ids)})`.execute(db);
    await sql`delete from product_search_terms where product_id in (${sql.join(ids)})`.execute(db);
  } else await db.deleteFrom('product_search').where('product_id', 'in', ids).execute();
}

/** Rebuilds the whole index from the product table (after a bulk load, or when it is missing rows). */
export async function rebuildSearchIndex(target: IndexDb, log: (msg: string) => void = () => undefined): Promise<number> {
  const { db, dialect } = target;
  if (dialect === 'sqlite') {
    await sql`insert into product_fts (product_fts) values ('delete-all')`.execute(db);
    await sql`delete from product_search_terms`.execute(db);
  } else await sql`truncate product_search`.execute(db);
  let last = 0, done = 0;
  for (;;) {
    const ids = (await db.selectFrom('product').select('id').where('id', '>', last).orderBy('id').limit(5000).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    await db.transaction().execute((trx) => indexProducts({ db: trx, dialect }, ids));
    last = ids[ids.length - 1];
    done += ids.length;
    log(`search index: ${done} products`);
  }
  if (dialect === 'sqlite') await sql`insert into product_fts (product_fts) values ('optimize')`.execute(db);
  else await sql`analyze product_search`.execute(db);
  return done;
}

/**
 * SQLite: writes the documents of products that have no row in product_search_terms yet (an install
 * upgraded from before that table: a search analyses such products again each time it ranks them), a
 * chunk of CHUNK products a transaction, oldest first, until none is left or `stopped()` says so. The
 * api runs it in the background after it starts; each chunk rewrites those products' FTS5 rows too, as
 * any product write does. Returns how many products it indexed.
 */
export async function fillMissingTerms({ db, dialect }: IndexDb, stopped: () => boolean = () => false, chunk = 200): Promise<number> {
  if (dialect !== 'sqlite') return 0;
  let done = 0, after = 0;
  while (!stopped()) {
    const ids = (await sql<{ id: number }>`select p.id from product p where p.id > ${after}
      and not exists (select 1 from product_search_terms t where t.product_id = p.id) order by p.id limit ${chunk}`.execute(db)).rows.map((r) => Number(r.id));
    if (ids.length === 0) break;
    await db.transaction().execute((trx) => indexProducts({ db: trx, dialect }, ids));
    after = ids[ids.length - 1];
    done += ids.length;
    // Let requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

/** How many products have a search document (on SQLite, with its tokens too). */
export async function indexedCount({ db, dialect }: IndexDb): Promise<number> {
  // On SQLite a product is indexed when both its FTS5 row and its tokens are written (the tokens came later).
  const r = dialect === 'sqlite'
    ? await sql<{ n: number }>`select min((select count(*) from product_fts), (select count(*) from product_search_terms)) as n`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from product_search`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The match condition and the relevance (higher is better) of a search, for the dialect, and `newest`:
 * the order of product ids, newest first, that the index itself can walk (FTS5 reads its doclists
 * backwards; PostgreSQL walks product_search's primary key), so the first matches cost no sort.
 */
export interface MatchSql {
  from: RawBuilder<unknown>; where: RawBuilder<boolean>; score: RawBuilder<number>; newest: RawBuilder<unknown>;
  /** PostgreSQL: the same condition as `where`, which no index can answer (the planner then walks the rows it is given) */
  walkWhere: RawBuilder<boolean>;
  /** PostgreSQL: `where` with the prefixes asked as their words (tsIndexQuery), for a GIN scan; the rows it gives are tested with walkWhere */
  indexWhere: RawBuilder<boolean>;
  /** PostgreSQL, all words required: each word's own tsquery as the GIN index is asked for it (tsIndexQuery) */
  indexWordQueries: string[];
  /** PostgreSQL, all words required: each word's own tsquery (a GIN scan may use only the rarer ones, the rows then tested whole); empty otherwise */
  wordQueries: string[];
}

export function matchSql(dialect: DialectName, terms: Term[], mode: 'all' | 'any', expansions: Expansions = new Map()): MatchSql {
  if (dialect === 'sqlite') {
    return {
      // The index first: SQLite would otherwise walk product and probe the index once per row.
      // and the filters from their narrow index (the migration's product_search_filter_idx).
      from: sql`product_fts cross join product p indexed by product_search_filter_idx on p.id = product_fts.rowid`,
      where: sql<boolean>`product_fts match ${ftsQuery(terms, mode, expansions)}`,
      score: sql<number>`-bm25(product_fts, ${sql.lit(WEIGHTS.tw)}, ${sql.lit(WEIGHTS.tc)}, ${sql.lit(WEIGHTS.bw)}, ${sql.lit(WEIGHTS.bc)})`,
      newest: sql`product_fts.rowid desc`,
      walkWhere: sql<boolean>`product_fts match ${ftsQuery(terms, mode, expansions)}`,
      wordQueries: [],
      indexWhere: sql<boolean>`product_fts match ${ftsQuery(terms, mode, expansions)}`,
      indexWordQueries: [],
    };
  }
  const q = tsQuery(terms, mode);
  const expanded = tsIndexQuery(terms, mode, expansions);
  const w = (n: number) => n / WEIGHTS.tw;
  return {
    from: sql`product_search s join product p on p.id = s.product_id`,
    where: sql<boolean>`s.doc @@ cast(${q} as tsquery)`,
    // ts_rank weights are {D, C, B, A}
    score: sql<number>`ts_rank(cast(${`{${w(WEIGHTS.bc)},${w(WEIGHTS.bw)},${w(WEIGHTS.tc)},${w(WEIGHTS.tw)}}`} as float4[]), s.doc, cast(${q} as tsquery))`,
    newest: sql`s.product_id desc`,
    // ts_match_vq is the function of @@: the GIN index serves the operator only.
    walkWhere: sql<boolean>`ts_match_vq(s.doc, cast(${q} as tsquery))`,
    wordQueries: mode === 'all' && terms.length > 1 ? terms.map((t) => tsQuery([t], 'all')) : [],
    indexWhere: expanded === q ? sql<boolean>`s.doc @@ cast(${q} as tsquery)` : sql<boolean>`s.doc @@ cast(${expanded} as tsquery) and ts_match_vq(s.doc, cast(${q} as tsquery))`,
    indexWordQueries: mode === 'all' && terms.length > 1 ? terms.map((t) => tsIndexQuery([t], 'all', expansions)) : [],
  };
}

// Ranking on SQLite. FTS5's bm25() weighs each phrase of the query by its IDF, which it computes on its
// first call by reading every match of the phrase (every row holding 蕾丝 and its two characters in
// sequence: 70,000 of 100,000 products), however few rows are then ranked. The api computes the same
// formula instead over the candidates a search ranks: the candidates' tokens come from
// product_search_terms (the columns as written into product_fts), the row count and the average length
// from FTS5's own statistics, and each phrase's number of matching rows from the index, counted up to
// PHRASE_COUNT_CAP and beyond that estimated from how far through the ids the first PHRASE_COUNT_CAP
// matches reach (a phrase that common weighs next to nothing either way: its IDF is below 2.3).

/**
 * One phrase of an FTS5 query as ftsQuery writes it: tokens in sequence in one of some columns, the last as a
 * prefix or not; `match` is how the index is asked for its rows (a prefix as its words, see prefixExpansions).
 */
export interface FtsPhrase { tokens: string[]; prefix: boolean; cols: Array<keyof SearchDocument>; match: string }

/** The phrases of ftsQuery(terms, mode), in its order (bm25 sums over them). */
export function ftsPhrases(terms: Term[], expansions: Expansions = new Map()): FtsPhrase[] {
  return terms.flatMap((t): FtsPhrase[] => (t.cjk
    ? [
        { tokens: [t.word], prefix: false, cols: ['tw', 'bw'], match: `{tw bw} : ${ftsPhrase([t.word])}` },
        { tokens: t.chars, prefix: false, cols: ['tc', 'bc'], match: `{tc bc} : ${ftsPhrase(t.chars)}` },
      ]
    : [{ tokens: [t.word], prefix: t.prefix, cols: ['tw', 'bw'], match: latinPhrase(t, expansions) }]));
}

/** A document's four columns as product_fts holds them: tokens separated by single spaces. */
export type JoinedDocument = Record<keyof SearchDocument, string>;

/** Occurrences of the phrase in a column's space-separated tokens (no token holds a space). */
function occurrences(column: string, needle: string, prefix: boolean): number {
  let n = 0;
  for (let at = column.indexOf(needle); at >= 0; at = column.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if ((at === 0 || column.charCodeAt(at - 1) === 32) && (prefix || end === column.length || column.charCodeAt(end) === 32)) n++;
  }
  return n;
}

/** Tokens in a column. */
function tokenCount(column: string): number {
  if (!column) return 0;
  let n = 1;
  for (let at = column.indexOf(' '); at >= 0; at = column.indexOf(' ', at + 1)) n++;
  return n;
}

export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** FTS5's bm25 (fts5_aux.c), as a positive relevance: Σ idf · f(k1 + 1) / (f + k1(1 − b + b·D/avgdl)), f the phrase's weighted frequency, D the row's length. */
export function bm25(doc: JoinedDocument, phrases: FtsPhrase[], idf: number[], avgdl: number): number {
  const length = tokenCount(doc.tw) + tokenCount(doc.tc) + tokenCount(doc.bw) + tokenCount(doc.bc);
  const norm = BM25.k1 * (1 - BM25.b + (BM25.b * length) / avgdl);
  let score = 0;
  phrases.forEach((p, i) => {
    const needle = p.tokens.join(' ');
    let f = 0;
    for (const col of p.cols) f += WEIGHTS[col] * occurrences(doc[col], needle, p.prefix);
    score += (idf[i] * (f * (BM25.k1 + 1))) / (f + norm);
  });
  return score;
}

/** FTS5's IDF of a phrase matching `hits` of `rows` rows (never below 1e-6). */
export const bm25Idf = (rows: number, hits: number) => {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
};

/** Up to this many matches of a phrase are counted for its IDF; beyond, the count is estimated. */
export const PHRASE_COUNT_CAP = 2_000;

/** SQLite varint (as FTS5 writes its records): big-endian groups of 7 bits, the ninth byte whole. */
function readVarint(buf: Uint8Array, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = buf[at + i];
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [v, at + i + 1];
  }
  return [v * 256 + buf[at + 8], at + 9];
}

/** FTS5's row count and total tokens (its "averages" record, id 1 of product_fts_data). */
async function ftsTotals(db: Kysely<Database>): Promise<{ rows: number; tokens: number }> {
  const r = await sql<{ block: Uint8Array | null }>`select block from product_fts_data where id = 1`.execute(db);
  const block = r.rows[0]?.block;
  if (!block || block.length === 0) return { rows: 0, tokens: 0 };
  const [rows, first] = readVarint(block, 0);
  let at = first;
  let tokens = 0;
  for (let c = 0; c < 4 && at < block.length; c++) {
    let n: number;
    [n, at] = readVarint(block, at);
    tokens += n;
  }
  return { rows, tokens };
}

/** Rows matching the phrase (FTS5's xQueryPhrase count), exact up to PHRASE_COUNT_CAP, estimated above. */
async function phraseHits(db: Kysely<Database>, p: FtsPhrase, rows: number, idSpan: () => Promise<{ lo: number; hi: number }>): Promise<number> {
  const r = await sql<{ n: number; last: number | null }>`select count(*) as n, max(rowid) as last from
    (select rowid from product_fts where product_fts match ${p.match} order by rowid limit ${PHRASE_COUNT_CAP})`.execute(db);
  const n = Number(r.rows[0]?.n ?? 0);
  if (n < PHRASE_COUNT_CAP) return n;
  const { lo, hi } = await idSpan();
  const last = Number(r.rows[0]?.last ?? hi);
  return Math.min(rows, Math.max(n, Math.round((n * (hi - lo + 1)) / Math.max(1, last - lo + 1))));
}

/** The tokens of these products' documents as product_fts holds them (analysed again for products indexed before product_search_terms existed). */
async function documentsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, JoinedDocument>> {
  const docs = new Map<number, JoinedDocument>();
  if (ids.length === 0) return docs;
  const r = await sql<{ product_id: number } & JoinedDocument>`select product_id, tw, tc, bw, bc
    from product_search_terms where product_id in (${sql.join(ids)})`.execute(db);
  for (const row of r.rows) docs.set(Number(row.product_id), row);
  const missing = ids.filter((id) => !docs.has(id));
  if (missing.length > 0) {
    for (const row of await loadSources(db, missing)) {
      const d = documentOf(row);
      docs.set(row.id, { tw: d.tw.join(' '), tc: d.tc.join(' '), bw: d.bw.join(' '), bc: d.bc.join(' ') });
    }
  }
  return docs;
}

/**
 * Whether a document matches the terms as ftsQuery's expression does: a Chinese term as its word in the word
 * columns or its characters in sequence in the character columns, a Latin word (or prefix) in the word columns.
 */
export function documentMatches(doc: JoinedDocument, terms: Term[], mode: 'all' | 'any'): boolean {
  const has = (t: Term) => (t.cjk
    ? occurrences(doc.tw, t.word, false) + occurrences(doc.bw, t.word, false) > 0 || occurrences(doc.tc, t.chars.join(' '), false) + occurrences(doc.bc, t.chars.join(' '), false) > 0
    : occurrences(doc.tw, t.word, t.prefix) + occurrences(doc.bw, t.word, t.prefix) > 0);
  return mode === 'all' ? terms.every(has) : terms.some(has);
}

/** SQLite: which of these products match the terms, in their order, read from their tokens (product_search_terms). */
export async function matchingAmong(db: Kysely<Database>, terms: Term[], mode: 'all' | 'any', ids: number[]): Promise<number[]> {
  const docs = await documentsOf(db, ids);
  return ids.filter((id) => { const d = docs.get(id); return !!d && documentMatches(d, terms, mode); });
}

/** SQLite: the relevance of each of these products for the terms (the value -bm25(product_fts, 10, 4, 2, 1) would give). */
export async function ftsScores(db: Kysely<Database>, terms: Term[], ids: number[], expansions: Expansions = new Map()): Promise<Map<number, number>> {
  const scores = new Map<number, number>();
  if (ids.length === 0) return scores;
  const phrases = ftsPhrases(terms, expansions);
  const [totals, docs] = await Promise.all([ftsTotals(db), documentsOf(db, ids)]);
  let span: Promise<{ lo: number; hi: number }> | null = null;
  const idSpan = () => (span ??= sql<{ lo: number; hi: number }>`select (select min(id) from product) as lo, (select max(id) from product) as hi`.execute(db)
    .then((r) => ({ lo: Number(r.rows[0]?.lo ?? 0), hi: Number(r.rows[0]?.hi ?? 0) })));
  const hits = await Promise.all(phrases.map((p) => phraseHits(db, p, totals.rows, idSpan)));
  const idf = hits.map((h) => bm25Idf(totals.rows, h));
  const avgdl = totals.rows > 0 ? totals.tokens / totals.rows : 1;
  for (const id of ids) {
    const doc = docs.get(id);
    scores.set(id, doc ? bm25(doc, phrases, idf, avgdl) : 0);
  }
  return scores;
}
