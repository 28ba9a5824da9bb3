// Picture URLs in several widths and formats: the local driver's versioned URLs get w and f, the OSS
// driver's marked URLs get OSS's own image processing, anything else is left as it is.
import t from 'tap';
import { fallbackWidth, hasVariants, OSS_PROCESS_MARK, srcSetOf, variantUrl } from '../../isomorphic/domain/image-variants';

const local = '/api/files/product/7/1.jpg?v=4k2.lq9z8c';
const oss = `https://lace.oss-cn-hangzhou.aliyuncs.com/product/7/1.jpg?${OSS_PROCESS_MARK}`;

t.test('a local picture: the api makes its widths and formats', async (t) => {
  t.ok(hasVariants(local));
  t.equal(variantUrl(local, 480, 'avif'), '/api/files/product/7/1.jpg?v=4k2.lq9z8c&w=480&f=avif');
  t.equal(srcSetOf(local, 'webp'), [240, 340, 480, 720, 960].map((w) => `/api/files/product/7/1.jpg?v=4k2.lq9z8c&w=${w}&f=webp ${w}w`).join(', '));
  t.equal(srcSetOf(local, 'jpeg', [240]), '/api/files/product/7/1.jpg?v=4k2.lq9z8c&w=240&f=jpeg 240w');
});

t.test('an OSS picture: OSS image processing makes them', async (t) => {
  t.ok(hasVariants(oss));
  t.equal(variantUrl(oss, 480, 'webp'), 'https://lace.oss-cn-hangzhou.aliyuncs.com/product/7/1.jpg?x-oss-process=image/resize,w_480/format,webp');
  t.equal(variantUrl(oss, 240, 'avif'), 'https://lace.oss-cn-hangzhou.aliyuncs.com/product/7/1.jpg?x-oss-process=image/resize,w_240/format,avif');
  t.equal(variantUrl(oss, 960, 'jpeg'), 'https://lace.oss-cn-hangzhou.aliyuncs.com/product/7/1.jpg?x-oss-process=image/resize,w_960/format,jpg', 'OSS names JPEG "jpg"');
  t.equal(srcSetOf(oss, 'avif').split(', ').length, 5);
  const cdn = `https://img.example.com/a/b.png?${OSS_PROCESS_MARK}`;
  t.equal(variantUrl(cdn, 480, 'webp'), 'https://img.example.com/a/b.png?x-oss-process=image/resize,w_480/format,webp', 'a CDN in front of the bucket too');
});

t.test('any other URL is used as it is', async (t) => {
  for (const url of ['', '/api/files/product/7/1.jpg', 'https://example.com/a.jpg', 'blob:http://x/1', '/a.jpg?w=3', '/a.jpg?v=']) {
    t.notOk(hasVariants(url), url || '(empty)');
    t.equal(variantUrl(url, 480, 'avif'), url);
  }
});

t.test('the fallback width covers a 2× screen', async (t) => {
  t.equal(fallbackWidth(56), 240);
  t.equal(fallbackWidth(230), 480);
  t.equal(fallbackWidth(560), 960);
  t.equal(fallbackWidth(2000), 960, 'never more than the largest width');
});
