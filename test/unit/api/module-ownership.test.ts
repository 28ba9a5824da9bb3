// Keeps ownership true (api/modules/README.md): no module's code names a table another module owns.
// Who owns what is read from the modules' x.table.ts files (their XTables maps); a name counts as a
// table reference where SQL would use it: a Kysely call's table argument ('product', 'product as p'),
// a qualified column ('product.status'), or `from` / `join` / `into` / `update` in a sql`` template.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const root = path.resolve(import.meta.dirname, '../../..');
const modulesDir = path.join(root, 'api/modules');

/** Tables outside Kysely's types: SQLite's FTS5 index of the catalogue. */
const untypedTables: Record<string, string> = { product_fts: 'catalogue' };

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => { const p = path.join(dir, f); return statSync(p).isDirectory() ? walk(p) : [p]; });
const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0];

interface Owner { module: string; columns: Set<string> }

function readOwners(): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  for (const file of walk(modulesDir).filter((f) => f.endsWith('.table.ts'))) {
    const src = readFileSync(file, 'utf8');
    const columnsOf = new Map<string, Set<string>>();
    for (const m of src.matchAll(/interface (\w+Table) \{([^}]*)\}/g)) columnsOf.set(m[1], new Set([...m[2].matchAll(/(\w+)\??:/g)].map((c) => c[1])));
    for (const m of src.matchAll(/interface \w+Tables \{([^}]*)\}/g)) {
      for (const [, table, type] of m[1].matchAll(/(\w+)\??:\s*(\w+)/g)) owners.set(table, { module: moduleOf(file), columns: columnsOf.get(type) ?? new Set() });
    }
  }
  for (const [table, module] of Object.entries(untypedTables)) owners.set(table, { module, columns: new Set() });
  return owners;
}

const kyselyTableCall = /(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|with)\(\s*\[?\s*(?:'[^']*',\s*)*$/;

/** The tables of `owners` that `src` names, by the rules at the top of this file. */
export function tablesNamed(src: string, owners: Map<string, Owner>): Set<string> {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = new Set<string>();
  const qualified = (table: string, column: string) => owners.get(table)?.columns.has(column) || column === '*';
  for (const m of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) {
    const text = (m[1] ?? m[2]).trim();
    const bare = /^(\w+)(?:\s+as\s+\w+)?$/.exec(text);
    if (bare && owners.has(bare[1]) && kyselyTableCall.test(code.slice(Math.max(0, m.index - 200), m.index))) found.add(bare[1]);
    const column = /^(\w+)\.(\w+|\*)(?:\s+as\s+\w+)?$/.exec(text);
    if (column && owners.has(column[1]) && qualified(column[1], column[2])) found.add(column[1]);
  }
  for (const m of code.matchAll(/`([^`]*)`/g)) {
    const body = m[1].replace(/\$\{[^}]*\}/g, ' ');
    for (const r of body.matchAll(/\b(?:from|join|into|update)\s+(\w+)/gi)) if (owners.has(r[1])) found.add(r[1]);
    for (const r of body.matchAll(/\b(\w+)\.(\w+)/g)) if (owners.has(r[1]) && qualified(r[1], r[2])) found.add(r[1]);
  }
  return found;
}

const owners = readOwners();

t.test('every table has one owner, read from the x.table.ts files', async (t) => {
  for (const table of ['company', 'product', 'colour_card', 'app_user', 'consignee', 'area', 'trade_order', 'settlement_application', 'shop_partner']) {
    t.ok(owners.has(table), `${table} is declared in a module's x.table.ts`);
  }
  t.equal(owners.get('product')?.module, 'catalogue');
  t.equal(owners.get('company')?.module, 'company');
});

t.test('the scan finds what it looks for', async (t) => {
  t.same([...tablesNamed(`db.selectFrom('product as p').innerJoin('company as c', 'c.id', 'p.company_id')`, owners)].sort(), ['company', 'product']);
  t.same([...tablesNamed('sql`select count(*) from consignee where user_id = ${id}`', owners)], ['consignee']);
  t.same([...tablesNamed(`q.where('company.status', '=', 1)`, owners)], ['company']);
  t.same([...tablesNamed(`audit({ targetType: 'company', action: 'company.suspend' }) // from product`, owners)], [], 'words that are not SQL do not count');
});

t.test("no module's code names another module's table", async (t) => {
  const files = walk(modulesDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.table.ts'));
  const foreign: string[] = [];
  for (const file of files) {
    const module = moduleOf(file);
    for (const table of tablesNamed(readFileSync(file, 'utf8'), owners)) {
      const owner = owners.get(table)!.module;
      if (owner !== module) foreign.push(`${path.relative(root, file)} names ${table} (owned by ${owner})`);
    }
  }
  t.same(foreign, [], 'each module reads other modules through their services or the SQL pieces they export (x.joins.ts)');
});

t.test('the seed and api/deps.ts name no table', async (t) => {
  const files = [...walk(path.join(root, 'api/db/seed')), path.join(root, 'api/deps.ts')];
  const named = files.flatMap((f) => [...tablesNamed(readFileSync(f, 'utf8'), owners)].map((table) => `${path.relative(root, f)} names ${table}`));
  t.same(named, [], 'the seed writes through the modules\' services');
});

/**
 * Files besides x.queries.ts and x.joins.ts that may hold SQL, each with its reason (api/modules/README.md).
 * Everything else (routes, services, schemas, drivers) reaches its tables through its module's queries.
 */
const sqlHomes: Record<string, string> = {
  'catalogue/search-index.ts': "the text index: its documents are written as FTS5 / tsvector SQL over the catalogue's own tables",
  'search/image-index.service.ts': "the photo index's store of descriptors (its own table), loaded into and kept beside the in-memory index",
};

t.test('SQL lives in x.queries.ts and x.joins.ts', async (t) => {
  const files = walk(modulesDir).filter((f) => f.endsWith('.ts') && !/\.(queries|joins|table)\.ts$/.test(f));
  const stray: string[] = [];
  for (const file of files) {
    const rel = path.relative(modulesDir, file).split(path.sep).join('/');
    if (sqlHomes[rel]) continue;
    const named = tablesNamed(readFileSync(file, 'utf8'), owners);
    if (named.size > 0) stray.push(`${rel} names ${[...named].join(', ')}`);
  }
  t.same(stray, [], 'routes and services call their module\'s queries');
  for (const rel of Object.keys(sqlHomes)) t.ok(files.some((f) => path.relative(modulesDir, f).split(path.sep).join('/') === rel), `${rel} still exists`);
});
