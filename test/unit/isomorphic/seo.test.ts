import t from 'tap';
import { canonicalLinks, jsonLd } from '../../../isomorphic/seo';

t.test('JSON-LD cannot close its script and parses back to the same value', async (t) => {
  const value = { name: '</script><script>alert(1)</script>', note: 'a & b > c \u2028' };
  const out = jsonLd(value);
  t.notMatch(out, /[<>&\u2028]/);
  t.same(JSON.parse(out), value);
});

t.test('canonical and hreflang links carry the language as ?lang=', async (t) => {
  const zh = canonicalLinks('https://lace.example', '/flower/7', 'zh');
  t.equal(zh.canonical, 'https://lace.example/flower/7');
  t.same(zh.alternates, [
    { hrefLang: 'zh-CN', href: 'https://lace.example/flower/7?lang=zh' },
    { hrefLang: 'en', href: 'https://lace.example/flower/7?lang=en' },
    { hrefLang: 'x-default', href: 'https://lace.example/flower/7' },
  ]);
  t.equal(canonicalLinks('https://lace.example', '/?page=2', 'en').canonical, 'https://lace.example/?page=2&lang=en');
});
