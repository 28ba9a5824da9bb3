// Areas: lookups for the address pickers and for resolving stored area codes to names.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AreaTable } from './area.table';
import type { Area } from '../../../isomorphic/contracts/common';
import { notFound } from '../../http/errors';
import { countAreas, findByCode, insertAreas, listByCodes, listByLevel, listByParent } from './area.queries';
import { loadAreaRows } from './area-data';

const toArea = (r: AreaTable): Area => ({ code: r.code, name: r.name, parentCode: r.parent_code, level: r.level });

/** Children of an area; with no parent, the provinces. */
export async function areasByParent(db: Kysely<Database>, parentCode?: string): Promise<Area[]> {
  const rows = parentCode ? await listByParent(db, parentCode) : await listByLevel(db, 1);
  return rows.map(toArea);
}

export async function areasByLevel(db: Kysely<Database>, level: number): Promise<Area[]> {
  return (await listByLevel(db, level)).map(toArea);
}

export async function areaByCode(db: Kysely<Database>, code: string): Promise<Area> {
  const row = await findByCode(db, code);
  if (!row) throw notFound({ zh: `地区 ${code} 不存在`, en: `There is no area with code ${code}` });
  return toArea(row);
}

/** The areas of the given codes (codes that do not exist are left out), in no order. */
export async function areasByCodes(db: Kysely<Database>, codes: string[]): Promise<Area[]> {
  return (await listByCodes(db, [...new Set(codes.filter(Boolean))])).map(toArea);
}

/** Names of the given codes (codes that do not exist are left out). */
export async function areaNames(db: Kysely<Database>, codes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes.filter(Boolean))];
  return new Map((await listByCodes(db, unique)).map((r) => [r.code, r.name]));
}

/** Loads every area into the table in batches; does nothing when they are all there already. */
export async function seedAreas(db: Kysely<Database>): Promise<number> {
  const rows = loadAreaRows();
  if ((await countAreas(db)) >= rows.length) return 0;
  const batch = 500; // 4 columns × 500 rows stays far below both dialects' bound-parameter limits
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch) await insertAreas(trx, rows.slice(i, i + batch));
  });
  return rows.length;
}

/** True when `province` is a province and `city` one of its cities (both empty is "no region"). */
export async function isProvinceAndCity(db: Kysely<Database>, province: string, city: string): Promise<boolean> {
  if (!province && !city) return true;
  if (!province || !city) return false;
  const rows = await listByCodes(db, [province, city]);
  const p = rows.find((r) => r.code === province);
  const c = rows.find((r) => r.code === city);
  return !!p && p.level === 1 && !!c && c.parent_code === p.code;
}
