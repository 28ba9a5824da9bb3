// The text search index of products, kept by the catalogue: an FTS5 table (product_fts, contentless,
// rowid = product id) on SQLite, a tsvector table (product_search, GIN) on PostgreSQL. Both hold the
// same four columns of pre-analysed tokens (text-analysis.ts): title words (weight A), title characters
// (B), body words (C), body characters (D); the queries of both are built here from the same terms.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { patternTypeLabels, ProductKind } from '../../../isomorphic/domain/catalogue';
import { productsWithCompany } from './catalogue.joins';
import { searchDocument, type SearchDocument, type Term } from './text-analysis';

export interface IndexDb { db: Kysely<Database>; dialect: DialectName }

/** Column weights of the ranking: a title word counts most, a character of the description least. */
export const WEIGHTS = { tw: 10, tc: 4, bw: 2, bc: 1 } as const;

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

/** The FTS5 MATCH expression of the terms, all of them (AND) or any (OR). */
export function ftsQuery(terms: Term[], mode: 'all' | 'any'): string {
  const parts = terms.map((t) => (t.cjk
    ? `({tw bw} : ${ftsPhrase([t.word])} OR {tc bc} : ${ftsPhrase(t.chars)})`
    : `{tw bw} : ${ftsPhrase([t.word])}${t.prefix ? '*' : ''}`));
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
      if (rows.length === 0) continue;
      const values = rows.map((r) => {
        const d = documentOf(r);
        return sql`(${r.id}, ${d.tw.join(' ')}, ${d.tc.join(' ')}, ${d.bw.join(' ')}, ${d.bc.join(' ')})`;
      });
      await sql`insert into product_fts (rowid, tw, tc, bw, bc) values ${sql.join(values)}`.execute(db);
    } else {
      if (rows.length === 0) continue;
      const values = rows.map((r) => sql`(${r.id}, cast(${tsvectorLiteral(documentOf(r))} as tsvector))`);
      await sql`insert into product_search (product_id, doc) values ${sql.join(values)}
        on conflict (product_id) do update set doc = excluded.doc`.execute(db);
    }
  }
}

/** Drops the search documents of deleted products. */
export async function unindexProducts({ db, dialect }: IndexDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (dialect === 'sqlite') await sql`delete from product_fts where rowid in (${sql.join(ids)})`.execute(db);
  else await db.deleteFrom('product_search').where('product_id', 'in', ids).execute();
}

/** Rebuilds the whole index from the product table (after a bulk load, or when it is missing rows). */
export async function rebuildSearchIndex(target: IndexDb, log: (msg: string) => void = () => undefined): Promise<number> {
  const { db, dialect } = target;
  if (dialect === 'sqlite') await sql`insert into product_fts (product_fts) values ('delete-all')`.execute(db);
  else await sql`truncate product_search`.execute(db);
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

/** How many products have a search document. */
export async function indexedCount({ db, dialect }: IndexDb): Promise<number> {
  const r = dialect === 'sqlite'
    ? await sql<{ n: number }>`select count(*) as n from product_fts`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from product_search`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The match condition and the relevance (higher is better) of a search, for the dialect, and `newest`:
 * the order of product ids, newest first, that the index itself can walk (FTS5 reads its doclists
 * backwards; PostgreSQL walks product_search's primary key), so the first matches cost no sort.
 */
export function matchSql(dialect: DialectName, terms: Term[], mode: 'all' | 'any'): { from: RawBuilder<unknown>; where: RawBuilder<boolean>; score: RawBuilder<number>; newest: RawBuilder<unknown> } {
  if (dialect === 'sqlite') {
    return {
      // The index first: SQLite would otherwise walk product and probe the index once per row.
      from: sql`product_fts cross join product p on p.id = product_fts.rowid`,
      where: sql<boolean>`product_fts match ${ftsQuery(terms, mode)}`,
      score: sql<number>`-bm25(product_fts, ${sql.lit(WEIGHTS.tw)}, ${sql.lit(WEIGHTS.tc)}, ${sql.lit(WEIGHTS.bw)}, ${sql.lit(WEIGHTS.bc)})`,
      newest: sql`product_fts.rowid desc`,
    };
  }
  const q = tsQuery(terms, mode);
  const w = (n: number) => n / WEIGHTS.tw;
  return {
    from: sql`product_search s join product p on p.id = s.product_id`,
    where: sql<boolean>`s.doc @@ cast(${q} as tsquery)`,
    // ts_rank weights are {D, C, B, A}
    score: sql<number>`ts_rank(cast(${`{${w(WEIGHTS.bc)},${w(WEIGHTS.bw)},${w(WEIGHTS.tc)},${w(WEIGHTS.tw)}}`} as float4[]), s.doc, cast(${q} as tsquery))`,
    newest: sql`s.product_id desc`,
  };
}
