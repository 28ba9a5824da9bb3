// Areas: lookups for the address pickers and for resolving stored area codes to names, in the caller's
// language: Chinese as stored, English from area-names-en.json (written by scripts/area-english.ts).
import type { Kysely } from 'kysely';
import englishNames from './area-names-en.json';
import type { Database } from '../../db/schema';
import type { AreaTable } from './area.table';
import type { Area } from '../../../isomorphic/contracts/common';
import { notFound } from '../../http/errors';
import { countAreas, findByCode, insertAreas, listByCodes, listByLevel, listByParent } from './area.queries';
import { loadAreaRows } from './area-data';

export type AreaLang = 'zh' | 'en';

const english: Readonly<Record<string, string>> = englishNames;

/** An area's name in this language (the Chinese name where no English one is known). */
export function areaNameIn(code: string, chinese: string, lang: AreaLang): string {
  return lang === 'en' ? english[code] ?? chinese : chinese;
}

const toArea = (r: AreaTable, lang: AreaLang = 'zh'): Area => ({ code: r.code, name: areaNameIn(r.code, r.name, lang), parentCode: r.parent_code, level: r.level });

/** Children of an area; with no parent, the provinces. */
export async function areasByParent(db: Kysely<Database>, parentCode?: string, lang: AreaLang = 'zh'): Promise<Area[]> {
  const rows = parentCode ? await listByParent(db, parentCode) : await listByLevel(db, 1);
  return rows.map((r) => toArea(r, lang));
}

export async function areasByLevel(db: Kysely<Database>, level: number, lang: AreaLang = 'zh'): Promise<Area[]> {
  return (await listByLevel(db, level)).map((r) => toArea(r, lang));
}

export async function areaByCode(db: Kysely<Database>, code: string, lang: AreaLang = 'zh'): Promise<Area> {
  const row = await findByCode(db, code);
  if (!row) throw notFound({ zh: `地区 ${code} 不存在`, en: `There is no area with code ${code}` });
  return toArea(row, lang);
}

/**
 * A region's text in this language from its codes (province, city, district): Chinese as stored
 * ("广东省 潮州市 湘桥区"); in English comma-separated, a municipality's city not repeated
 * ("Beijing, Chaoyang District").
 */
export function regionTextIn(codes: readonly string[], chinese: string, lang: AreaLang): string {
  if (lang === 'zh') return chinese;
  const names = codes.filter(Boolean).map((c) => english[c]);
  if (names.length === 0 || names.some((n) => !n)) return chinese;
  return names.filter((n, i) => n !== names[i - 1]).join(', ');
}

let byParentAndName: Map<string, string> | undefined;

/**
 * A region text written earlier in Chinese ("广东省 潮州市 湘桥区", as an order keeps its address) in
 * this language: each name found under the one before; a text that does not parse is returned as it is.
 */
export function regionTextFromChinese(chinese: string, lang: AreaLang): string {
  if (lang === 'zh' || !chinese.trim()) return chinese;
  byParentAndName ??= new Map(loadAreaRows().map((r) => [`${r.parent_code ?? ''}|${r.name}`, r.code]));
  const codes: string[] = [];
  for (const name of chinese.trim().split(/\s+/)) {
    const code = byParentAndName.get(`${codes.at(-1) ?? ''}|${name}`);
    if (!code) return chinese;
    codes.push(code);
  }
  return regionTextIn(codes, chinese, lang);
}

/** The areas of the given codes (codes that do not exist are left out), in no order. */
export async function areasByCodes(db: Kysely<Database>, codes: string[]): Promise<Area[]> {
  return (await listByCodes(db, [...new Set(codes.filter(Boolean))])).map((r) => toArea(r));
}

/** Names of the given codes (codes that do not exist are left out). */
export async function areaNames(db: Kysely<Database>, codes: string[], lang: AreaLang = 'zh'): Promise<Map<string, string>> {
  const unique = [...new Set(codes.filter(Boolean))];
  return new Map((await listByCodes(db, unique)).map((r) => [r.code, areaNameIn(r.code, r.name, lang)]));
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
