// Storage drivers: the local directory never lets a path out of its root, and the OSS driver talks to
// OSS and STS the way the browser upload needs (checked against fakes of the ali-oss clients).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import t from 'tap';
import { createLocalStorage } from '../../api/modules/file/local-storage';
import { createOssStorage, uploadPolicy, type OssClients } from '../../api/modules/file/oss-storage';
import { createStorageDriver } from '../../api/modules/file/create-storage';
import { normaliseStoragePath } from '../../api/modules/file/storage-path';
import { loadConfig } from '../../config/index';

t.test('path rules', async (t) => {
  for (const good of ['product/1/1.jpg', 'web-abc123.png', 'upload/2026/web-0f9e.jpeg']) t.equal(normaliseStoragePath(good), good);
  for (const bad of ['', '/etc/passwd', '../x', 'a/../../b', 'a//b', 'a/./b', '.env', 'a\\..\\b', 'a/b/', 'C:/x', 'a/\u0000', 'x/..', '中文.jpg']) {
    t.equal(normaliseStoragePath(bad), null, `${JSON.stringify(bad)} is refused`);
  }
});

t.test('local storage', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lace-storage-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'files');
  const storage = createLocalStorage({ dir: root, publicBase: '/api/files/' });
  await storage.put('product/7/1.jpg', Buffer.from('abc'), 'image/jpeg');
  t.equal(fs.readFileSync(path.join(root, 'product/7/1.jpg'), 'utf8'), 'abc');
  t.same(fs.readdirSync(path.join(root, 'product/7')), ['1.jpg'], 'no temporary file is left behind');
  t.equal((await storage.get('product/7/1.jpg'))?.toString(), 'abc');
  t.equal(await storage.get('product/7/2.jpg'), null);
  t.equal(await storage.get('product'), null, 'a directory is not a file');
  t.same(await storage.head('product/7/1.jpg'), { size: 3 });
  t.equal(await storage.head('product/7/2.jpg'), null);
  t.equal(await storage.head('product'), null, 'a directory has no head');
  t.match(storage.url('product/7/1.jpg'), /^\/api\/files\/product\/7\/1\.jpg\?v=3\.[0-9a-z]+$/, 'the URL carries the version: size 3 and the modification time, base 36');
  t.equal(storage.url('product/7/9.jpg'), '/api/files/product/7/9.jpg', 'a missing file has no version');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
  await t.rejects(storage.get('../secret.txt'), /unsafe storage path/);
  await t.rejects(storage.put('../evil.txt', Buffer.from('x'), 'text/plain'), /unsafe storage path/);
  t.notOk(fs.existsSync(path.join(dir, 'evil.txt')));
  await t.rejects(storage.remove('../secret.txt'), /unsafe storage path/);
  t.ok(fs.existsSync(path.join(dir, 'secret.txt')));
  await storage.remove('product/7/1.jpg');
  t.equal(await storage.get('product/7/1.jpg'), null);
  await storage.remove('product/7/1.jpg');
  const grant = await storage.uploadCredentials('upload/2026');
  t.match(grant, { dir: 'upload/2026/', mode: 'local', bucket: 'local' });
  t.ok(Date.parse(grant.expiration) > Date.now());
  await t.rejects(storage.uploadCredentials('../up'), /unsafe storage path/);
});

t.test('OSS storage', async (t) => {
  const objects = new Map<string, { body: Buffer; headers?: Record<string, string>; lastModified?: string }>();
  const assumed: unknown[][] = [];
  const clients: OssClients = {
    objects: {
      async put(name, file, options) { objects.set(name, { body: file, headers: options?.headers }); return {}; },
      async get(name) {
        const o = objects.get(name);
        if (!o) throw Object.assign(new Error('The specified key does not exist.'), { code: 'NoSuchKey', status: 404 });
        return { content: o.body };
      },
      async head(name) {
        const o = objects.get(name);
        if (!o) throw Object.assign(new Error('Object not found'), { code: 'NoSuchKey', status: 404 });
        return { res: { headers: { 'content-length': String(o.body.length) } } };
      },
      async delete(name) { objects.delete(name); return {}; },
      // Two keys a page, as OSS pages its listings.
      async list(query) {
        const names = [...objects.keys()].filter((n) => n.startsWith(query.prefix)).sort().filter((n) => !query.marker || n > query.marker);
        const page = names.slice(0, 2);
        return { objects: page.map((name) => ({ name, lastModified: objects.get(name)?.lastModified ?? new Date().toISOString() })), isTruncated: names.length > 2, nextMarker: page.at(-1) ?? null };
      },
    },
    sts: {
      async assumeRole(...args) {
        assumed.push(args);
        return { credentials: { AccessKeyId: 'STS.id', AccessKeySecret: 'sts-secret', SecurityToken: 'token', Expiration: '2026-01-01T00:15:00Z' } };
      },
    },
  };
  const storage = createOssStorage({
    region: 'oss-cn-hangzhou', bucket: 'lace', accessKeyId: 'id', accessKeySecret: 'secret', roleArn: 'acs:ram::1:role/upload',
  }, clients);
  await storage.put('product/1/1.jpg', Buffer.from('jpg'), 'image/jpeg');
  t.match(objects.get('product/1/1.jpg')?.headers, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable' });
  t.equal((await storage.get('product/1/1.jpg'))?.toString(), 'jpg');
  t.equal(await storage.get('product/1/2.jpg'), null, 'a missing object is null');
  t.same(await storage.head('product/1/1.jpg'), { size: 3 });
  t.equal(await storage.head('product/1/2.jpg'), null, 'head of a missing object is null');
  await storage.remove('product/1/1.jpg');
  t.equal(objects.size, 0);
  t.equal(storage.url('product/1/1.jpg'), 'https://lace.oss-cn-hangzhou.aliyuncs.com/product/1/1.jpg?x-oss-process=image/auto-orient,1');
  await t.rejects(storage.put('../x', Buffer.from(''), 'text/plain'), /unsafe storage path/);

  const grant = await storage.uploadCredentials('upload/2026');
  const { form, ...rest } = grant;
  t.same(rest, {
    dir: 'upload/2026/', accessKeyId: 'STS.id', accessKeySecret: '', securityToken: 'token',
    endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'lace', region: 'oss-cn-hangzhou', expiration: '2026-01-01T00:15:00.000Z',
    mode: 'oss', uploadUrl: 'https://lace.oss-cn-hangzhou.aliyuncs.com', keyPrefix: 'staging/',
  }, 'the secret of the temporary credentials is not handed out');
  t.same(Object.keys(form).sort(), ['OSSAccessKeyId', 'Signature', 'policy', 'success_action_status', 'x-oss-security-token']);
  t.equal(form.OSSAccessKeyId, 'STS.id');
  t.equal(form['x-oss-security-token'], 'token');
  t.equal(form.Signature, createHmac('sha1', 'sts-secret').update(form.policy).digest('base64'), 'signed with the temporary secret (OSS signature V1)');
  t.same(JSON.parse(Buffer.from(form.policy, 'base64').toString('utf8')), {
    expiration: '2026-01-01T00:15:00.000Z',
    conditions: [{ bucket: 'lace' }, ['starts-with', '$key', 'staging/upload/2026/'], ['content-length-range', 1, 10 * 1024 * 1024], ['starts-with', '$Content-Type', 'image/']],
  }, 'OSS takes only a picture of at most 10 MB into the staging directory of this grant');
  const [roleArn, policy, seconds, session] = assumed[0];
  t.equal(roleArn, 'acs:ram::1:role/upload');
  t.same(policy, uploadPolicy('lace', 'staging/upload/2026/'));
  t.match(JSON.stringify(policy), /acs:oss:\*:\*:lace\/staging\/upload\/2026\/\*/, 'the credentials reach only the staging directory of the grant');
  t.equal(seconds, 900);
  t.match(String(session), /^upload-[0-9a-f]{24}$/);

  // Staged objects never confirmed are swept; newer ones and everything outside staging/ stay.
  const old = new Date(Date.now() - 3 * 3600_000).toISOString();
  for (const name of ['staging/upload/a/1.jpg', 'staging/upload/a/2.jpg', 'staging/upload/b/3.jpg']) objects.set(name, { body: Buffer.from('x'), lastModified: old });
  objects.set('staging/upload/c/new.jpg', { body: Buffer.from('x') });
  objects.set('upload/a/kept.jpg', { body: Buffer.from('x'), lastModified: old });
  t.equal(await storage.sweepStaged?.(new Date(Date.now() - 2 * 3600_000)), 3, 'across pages of the listing');
  t.same([...objects.keys()].sort(), ['staging/upload/c/new.jpg', 'upload/a/kept.jpg']);

  const cdn = createOssStorage({ region: 'oss-cn-shenzhen', bucket: 'b', accessKeyId: 'i', accessKeySecret: 's', roleArn: 'r', publicBase: 'https://img.example.com/' }, clients);
  t.equal(cdn.url('a/b.jpg'), 'https://img.example.com/a/b.jpg?x-oss-process=image/auto-orient,1');
});

t.test('the configuration picks the driver', async (t) => {
  t.equal(createStorageDriver(loadConfig({ DATA_DIR: os.tmpdir() }, [])).name, 'local');
  const oss = createStorageDriver(loadConfig({
    STORAGE_DRIVER: 'oss', OSS_REGION: 'oss-cn-hangzhou', OSS_BUCKET: 'lace', OSS_ACCESS_KEY_ID: 'id', OSS_ACCESS_KEY_SECRET: 'secret', OSS_ROLE_ARN: 'acs:ram::1:role/x',
  }, []));
  t.equal(oss.name, 'oss');
  t.equal(oss.url('p/1.jpg'), 'https://lace.oss-cn-hangzhou.aliyuncs.com/p/1.jpg?x-oss-process=image/auto-orient,1');
});
