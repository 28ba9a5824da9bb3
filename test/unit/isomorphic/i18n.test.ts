import t from 'tap';
import { createI18n, langFromAcceptLanguage, resolveLang } from '../../../isomorphic/i18n/index';
import { zh } from '../../../isomorphic/i18n/locales/zh';
import { en } from '../../../isomorphic/i18n/locales/en';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

t.test('every key exists in both languages, with the same placeholders, and no text is empty', async (t) => {
  t.same(keys(en).sort(), keys(zh).sort());
  const get = (o: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o) as string;
  for (const key of keys(zh)) {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    t.same(placeholders(get(en, key)), placeholders(get(zh, key)), key);
    t.ok(get(zh, key) && get(en, key), `${key} has text`);
  }
});

t.test('language: ?lang=, then cookie, then Accept-Language by quality, then Chinese', async (t) => {
  t.equal(resolveLang({ query: 'en', cookie: 'zh', acceptLanguage: 'zh' }), 'en');
  t.equal(resolveLang({ query: 'fr', cookie: 'en' }), 'en', 'an unsupported query is ignored');
  t.equal(resolveLang({ cookie: 'en', acceptLanguage: 'zh-CN' }), 'en');
  t.equal(resolveLang({ acceptLanguage: 'zh-TW,zh;q=0.9' }), 'zh');
  t.equal(resolveLang({}), 'zh');
  t.equal(langFromAcceptLanguage('fr;q=1, zh;q=0.3, en-GB;q=0.7'), 'en');
  t.equal(langFromAcceptLanguage('en;q=0, zh-Hans'), 'zh', 'q=0 means not acceptable');
  t.equal(langFromAcceptLanguage('de, fr'), undefined);
});

t.test('each instance keeps its own language', async (t) => {
  const a = createI18n('zh', { zh, en });
  const b = createI18n('en', { en });
  t.equal(a.t('site.name'), '花边网');
  t.equal(b.t('site.name'), 'LaceHub');
  t.equal(a.t('site.name'), '花边网', 'building another instance does not switch the first');
  t.equal(b.t('footer.rights', { year: 2030 }), '© 2030 LaceHub. All rights reserved.');
});
