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

t.test('a missing key answers itself, marks fill from values, and a switch needs the words and tells subscribers', async (t) => {
  const i18n = createI18n('en', { en });
  t.equal(i18n.t('nav.noSuchKey'), 'nav.noSuchKey');
  t.equal(i18n.t('nav.greeting', { name: '<b>Li</b>' }), 'Hello, <b>Li</b>', 'values go in as they are (React escapes them)');
  t.equal(i18n.t('nav.greeting'), 'Hello, {{name}}', 'a mark without a value stays');
  t.throws(() => i18n.changeLanguage('zh'), /zh words are not loaded/);
  let told = 0;
  const stop = i18n.subscribe(() => { told++; });
  i18n.addWords('zh', zh);
  t.ok(i18n.hasWords('zh'));
  i18n.changeLanguage('zh');
  t.equal(i18n.language, 'zh');
  t.equal(i18n.t('site.name'), '花边网');
  stop();
  i18n.changeLanguage('en');
  t.equal(told, 1, 'told once, then no more after unsubscribing');
});
