// The two hand-kept lists a new domain is added to stay complete: every route plugin file is registered
// (api/modules/index.ts) and every migration file is run, in the order of its name (api/db/migrations/index.ts).
// The lists stay explicit (the server bundle cannot read a folder at run time, and the order is part of
// the code); this test makes forgetting a line impossible.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { migrations } from '../../../api/db/migrations/index';

const root = path.resolve(import.meta.dirname, '../../..');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => { const p = path.join(dir, f); return statSync(p).isDirectory() ? walk(p) : [p]; });

t.test('every x.routes.ts is registered in api/modules/index.ts', async (t) => {
  const index = readFileSync(path.join(root, 'api/modules/index.ts'), 'utf8');
  const files = walk(path.join(root, 'api/modules')).filter((f) => f.endsWith('.routes.ts')).map((f) => `./${path.relative(path.join(root, 'api/modules'), f).replace(/\.ts$/, '')}`);
  const listed = (/const modules: ModulePlugin\[\] = \[([^\]]*)\]/.exec(index)?.[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const missing: string[] = [];
  for (const file of files) {
    const imported = new RegExp(`import \\{ (\\w+) \\} from '${file.replace(/[.]/g, '[.]')}';`).exec(index);
    if (!imported || !listed.includes(imported[1])) missing.push(file);
  }
  t.same(missing, [], 'each route plugin file is imported and in the list');
});

t.test('every migration file runs, in the order of its name', async (t) => {
  const dir = path.join(root, 'api/db/migrations');
  const files = readdirSync(dir).filter((f) => /^\d{10}-[a-z0-9-]+\.ts$/.test(f)).sort();
  const index = readFileSync(path.join(dir, 'index.ts'), 'utf8');
  const byFile = new Map([...index.matchAll(/import \{ (\w+) \} from '\.\/(\d{10}-[a-z0-9-]+)';/g)].map((m) => [`${m[2]}.ts`, m[1]]));
  t.same(files.filter((f) => !byFile.has(f)), [], 'each migration file is imported by index.ts');
  t.equal(migrations.length, files.length, 'and listed once');
  const order = (/export const migrations: MigrationStep\[\] = \[([^\]]*)\]/.exec(index)?.[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  t.same(order, files.map((f) => byFile.get(f)), 'in the order of their names');
});
