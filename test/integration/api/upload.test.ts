// Uploads on each dialect: /file/token, /file/upload (local storage) and /file/confirm (OSS, with fake
// clients standing in for Aliyun). The real content decides: png, jpeg, bmp and webp pictures up to 10 MB
// are kept and recorded with their owner; anything else is refused and leaves nothing behind.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { dialects } from '../../helpers/db';
import { createCatalogueApi, multipart } from '../../helpers/catalogue';
import { Codes } from '../../../isomorphic/domain/codes';
import type { UploadedFile } from '../../../isomorphic/contracts/catalogue';
import type { UploadCredentials } from '../../../api/modules/file/storage';
import { createOssStorage, type OssClients } from '../../../api/modules/file/oss-storage';
import { nextVisitorAddress } from '../../helpers/visitors';
import { sweepExpiredGrants } from '../../../api/modules/file/upload.service';

const MB = 1024 * 1024;

/** A 24-bit BMP of w × h (sharp does not write BMP). */
function bmp(w: number, h: number): Buffer {
  const row = Math.ceil((w * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + row * h);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(w, 18);
  buf.writeInt32LE(h, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.fill(0x80, 54);
  return buf;
}

const picture = (format: 'png' | 'jpeg' | 'webp', w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c8102e' } })[format]().toBuffer();

function fakeOss() {
  const objects = new Map<string, Buffer>();
  const missing = () => Object.assign(new Error('NoSuchKey'), { code: 'NoSuchKey', status: 404 });
  const clients: OssClients = {
    objects: {
      async put(name, file) { objects.set(name, file); return {}; },
      async get(name) { const o = objects.get(name); if (!o) throw missing(); return { content: o }; },
      async head(name) { const o = objects.get(name); if (!o) throw missing(); return { res: { headers: { 'content-length': String(o.length) } } }; },
      async delete(name) { objects.delete(name); return {}; },
      async list(query) { return { objects: [...objects.keys()].filter((n) => n.startsWith(query.prefix)).map((name) => ({ name, lastModified: new Date().toISOString() })), isTruncated: false }; },
    },
    sts: {
      async assumeRole() {
        return { credentials: { AccessKeyId: 'STS.test', AccessKeySecret: 'sts-secret', SecurityToken: 'sts-token', Expiration: new Date(Date.now() + 900_000).toISOString() } };
      },
    },
  };
  return { objects, clients };
}

for (const { dialect, skip } of await dialects()) {
  t.test(`${dialect}, local storage`, { skip }, async (t) => {
    const api = await createCatalogueApi(dialect);
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const alice = await api.signIn();
    const bob = await api.signIn();
    const storageDir = api.deps.config.storage.localDir;
    const onDisk = (storeAs: string) => fs.existsSync(path.join(storageDir, ...storeAs.split('/')));
    const recorded = async (storeAs: string) => db.selectFrom('stored_file').selectAll().where('path', '=', storeAs).executeTakeFirst();

    t.test('a token: a fresh directory, local mode', async (t) => {
      const guest = await api.post('/file/token', { fileType: 'image' });
      t.equal(guest.status, 401);
      t.equal(guest.body.code, Codes.SESSION_EXPIRED);
      const res = await api.post<UploadCredentials>('/file/token', { fileType: 'image' }, alice.token);
      t.equal(res.status, 200);
      t.match(res.body.data, { mode: 'local', uploadUrl: '/api/file/upload', bucket: 'local' });
      t.match(res.body.data.dir, /^upload\/\d{8}\/[0-9a-f]{16}\/$/);
      t.ok(Date.parse(res.body.data.expiration) > Date.now());
      const again = await api.post<UploadCredentials>('/file/token', {}, alice.token);
      t.not(again.body.data.dir, res.body.data.dir, 'every token its own directory');
      const video = await api.post('/file/token', { fileType: 'video' }, alice.token);
      t.equal(video.body.code, Codes.UPLOAD_TYPE_NOT_ALLOWED);
    });

    t.test('pictures are kept, with their real type, size and owner', async (t) => {
      const files: Array<[string, Buffer, string, number, number]> = [
        ['png', await picture('png'), 'image/png', 64, 48],
        ['jpg', await picture('jpeg', 30, 20), 'image/jpeg', 30, 20],
        ['jpeg', await picture('jpeg'), 'image/jpeg', 64, 48],
        ['bmp', bmp(17, 9), 'image/bmp', 17, 9],
        ['webp', await picture('webp'), 'image/webp', 64, 48],
      ];
      for (const [ext, content, type, w, h] of files) {
        const { storeAs } = await api.grant(alice.token, ext);
        t.match(storeAs, /^upload\/\d{8}\/[0-9a-f]{16}\/web-[0-9a-f]{32}\.\w+$/, 'storeAs = dir + web- + id without dashes + extension');
        const res = await api.upload<UploadedFile>(alice.token, { storeAs }, { name: `photo.${ext}`, content, type });
        t.equal(res.status, 200, `${ext}: 200`);
        t.same({ ...res.body.data, url: res.body.data.url.replace(/\?v=[0-9a-z]+\.[0-9a-z]+$/, '') }, { storeAs, url: `/api/files/${storeAs}`, size: content.length, width: w, height: h, contentType: type }, `${ext}: the stored file`);
        t.match(res.body.data.url, /\?v=[0-9a-z]+\.[0-9a-z]+$/, 'its URL carries its version');
        t.match(await recorded(storeAs), { content_type: type, size: content.length, width: w, height: h, owner_user_id: alice.userId });
        const served = await api.app.inject({ method: 'GET', url: `/files/${storeAs}` });
        t.equal(served.statusCode, 200);
        t.same(served.rawPayload, content, `${ext}: served as uploaded`);
      }
      // A name does not decide: a PNG named .jpg is a PNG.
      const { storeAs } = await api.grant(alice.token, 'jpg');
      const res = await api.upload<UploadedFile>(alice.token, { storeAs }, { name: 'photo.jpg', content: await picture('png'), type: 'image/jpeg' });
      t.equal(res.body.data.contentType, 'image/png', 'the real type is recorded');
      // The storeAs field may come after the file.
      const late = await api.grant(alice.token, 'png');
      const form = await api.upload<UploadedFile>(alice.token, {}, { name: 'a.png', content: await picture('png') });
      t.equal(form.body.code, Codes.UPLOAD_GRANT_INVALID, 'no storeAs, no upload');
      const body = multipart({}, { name: 'a.png', content: await picture('png') });
      const tail = Buffer.from(body.payload.toString('latin1').replace(/--(----lace[0-9a-f]+)--\r\n$/, `--$1\r\nContent-Disposition: form-data; name="storeAs"\r\n\r\n${late.storeAs}\r\n--$1--\r\n`), 'latin1');
      const after = await api.app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/file/upload', payload: tail, headers: { ...body.headers, 'x-token': alice.token } });
      t.equal(after.statusCode, 200, 'storeAs after the file is fine');
    });

    t.test('refusals leave nothing behind', async (t) => {
      const text = Buffer.from('this is not a picture at all, only text pretending to be one\n'.repeat(20));
      const cases: Array<[string, () => Promise<{ storeAs: string; res: Awaited<ReturnType<typeof api.upload>> }>, number, number]> = [
        ['a .jpg with text in it', async () => { const { storeAs } = await api.grant(alice.token, 'jpg'); return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'photo.jpg', content: text, type: 'image/jpeg' }) }; }, 400, Codes.UPLOAD_NOT_IMAGE],
        ['a PNG header with garbage', async () => { const { storeAs } = await api.grant(alice.token); const bad = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text]); return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: bad }) }; }, 400, Codes.UPLOAD_NOT_IMAGE],
        ['a GIF', async () => { const { storeAs } = await api.grant(alice.token); return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer() }) }; }, 400, Codes.UPLOAD_NOT_IMAGE],
        ['an empty file', async () => { const { storeAs } = await api.grant(alice.token); return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: Buffer.alloc(0) }) }; }, 400, Codes.UPLOAD_FILE_MISSING],
        ['more than 10 MB', async () => {
          const { storeAs } = await api.grant(alice.token);
          const big = Buffer.concat([await picture('png'), Buffer.alloc(10 * MB)]);
          return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'big.png', content: big }) };
        }, 413, Codes.UPLOAD_TOO_LARGE],
        ['no file', async () => { const { storeAs } = await api.grant(alice.token); return { storeAs, res: await api.upload(alice.token, { storeAs }) }; }, 400, Codes.UPLOAD_FILE_MISSING],
        ['another user\'s directory', async () => { const { storeAs } = await api.grant(bob.token); return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: await picture('png') }) }; }, 400, Codes.UPLOAD_GRANT_INVALID],
        ['a directory never issued', async () => { const storeAs = `upload/20260101/0123456789abcdef/web-${'a'.repeat(32)}.png`; return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: await picture('png') }) }; }, 400, Codes.UPLOAD_GRANT_INVALID],
        ['no web- prefix', async () => { const { creds } = await api.grant(alice.token); const storeAs = `${creds.dir}${'a'.repeat(32)}.png`; return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: await picture('png') }) }; }, 400, Codes.UPLOAD_GRANT_INVALID],
        ['a climb out of the directory', async () => { const { creds } = await api.grant(alice.token); const storeAs = `${creds.dir}../../web-${'a'.repeat(32)}.png`; return { storeAs: 'upload/web-x.png', res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: await picture('png') }) }; }, 400, Codes.UPLOAD_GRANT_INVALID],
        ['an extension not accepted', async () => { const { storeAs } = await api.grant(alice.token, 'svg'); return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.svg', content: Buffer.from('<svg/>') }) }; }, 400, Codes.UPLOAD_GRANT_INVALID],
        ['an expired grant', async () => {
          const { creds, storeAs } = await api.grant(alice.token);
          await db.updateTable('upload_grant').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('dir', '=', creds.dir).execute();
          return { storeAs, res: await api.upload(alice.token, { storeAs }, { name: 'x.png', content: await picture('png') }) };
        }, 400, Codes.UPLOAD_GRANT_INVALID],
      ];
      for (const [name, run, status, code] of cases) {
        const before = (await db.selectFrom('stored_file').select('id').execute()).length;
        const { storeAs, res } = await run();
        t.equal(res.status, status, `${name}: ${status}`);
        t.equal(res.body.code, code, `${name}: code ${code}`);
        t.ok(res.body.message.length > 3, `${name}: a message`);
        t.notOk(onDisk(storeAs), `${name}: no file`);
        t.equal((await db.selectFrom('stored_file').select('id').execute()).length, before, `${name}: no record`);
      }
      const guest = await api.upload(undefined as unknown as string, {}, { name: 'x.png', content: await picture('png') });
      t.equal(guest.body.code, Codes.SESSION_EXPIRED, 'guests cannot upload');
      const json = await api.post('/file/upload', { storeAs: 'x' }, alice.token);
      t.equal(json.body.code, Codes.UPLOAD_FILE_MISSING, 'not a multipart form');
      const { storeAs } = await api.grant(alice.token, 'jpg');
      const form = multipart({ storeAs }, { name: 'a.jpg', content: text });
      const zh = await api.app.inject({ remoteAddress: nextVisitorAddress(), method: 'POST', url: '/file/upload', payload: form.payload, headers: { ...form.headers, 'x-token': alice.token, 'x-lang': 'zh' } });
      t.match(zh.json().message, /png、jpeg、jpg或bmp/, 'the refusal in Chinese');
    });

    t.test('the same name twice', async (t) => {
      const { storeAs } = await api.grant(alice.token);
      const first = await picture('png', 10, 10);
      t.equal((await api.upload(alice.token, { storeAs }, { name: 'a.png', content: first })).status, 200);
      const second = await api.upload(alice.token, { storeAs }, { name: 'b.png', content: await picture('png', 20, 20) });
      t.equal(second.status, 409);
      t.equal(second.body.code, Codes.UPLOAD_ALREADY_EXISTS);
      t.same(fs.readFileSync(path.join(storageDir, ...storeAs.split('/'))), first, 'the first file is untouched');
    });

    t.test('grants past their confirmation grace are swept; live ones and the files stay', async (t) => {
      const now = new Date();
      const live = await api.grant(alice.token);
      const stale = await api.grant(bob.token);
      const kept = await api.upload(bob.token, { storeAs: stale.storeAs }, { name: 'k.png', content: await picture('png', 12, 12) });
      t.equal(kept.status, 200);
      const staleDir = stale.storeAs.slice(0, stale.storeAs.lastIndexOf('/') + 1);
      await db.updateTable('upload_grant').set({ expires_at: new Date(now.getTime() - 3600_000 - 1000).toISOString() }).where('dir', '=', staleDir).execute();
      const swept = await sweepExpiredGrants(db, now);
      t.ok(swept && swept.grants >= 1, 'at least the stale grant');
      const dirs = (await db.selectFrom('upload_grant').select('dir').execute()).map((g) => g.dir);
      t.notOk(dirs.includes(staleDir), 'the stale grant is gone');
      t.ok(dirs.includes(live.storeAs.slice(0, live.storeAs.lastIndexOf('/') + 1)), 'a live grant stays');
      t.ok(await recorded(stale.storeAs), 'the file uploaded under it stays recorded');
      t.ok(onDisk(stale.storeAs), 'and on disk');
      const again = await api.upload(bob.token, { storeAs: stale.storeAs.replace(/[^/]+$/, 'other.png') }, { name: 'o.png', content: await picture('png', 12, 12) });
      t.equal(again.body.code, Codes.UPLOAD_GRANT_INVALID, 'the swept grant admits no more uploads');
      t.equal(await sweepExpiredGrants(db, now), null, 'a second sweep finds nothing');
    });
  });

  t.test(`${dialect}, OSS storage`, { skip }, async (t) => {
    const oss = fakeOss();
    const api = await createCatalogueApi(dialect, {
      storage: () => createOssStorage({ region: 'oss-cn-hangzhou', bucket: 'lace', accessKeyId: 'id', accessKeySecret: 'secret', roleArn: 'acs:ram::1:role/upload' }, oss.clients),
    });
    t.teardown(() => api.cleanup());
    const db = api.deps.db.db;
    const alice = await api.signIn();
    const bob = await api.signIn();
    const confirm = (token: string, storeAs: string) => api.post<UploadedFile>('/file/confirm', { storeAs }, token);

    t.test('a signed form into staging, then confirm moves the picture to its path', async (t) => {
      const { creds, storeAs } = await api.grant(alice.token, 'jpg');
      t.match(creds, { mode: 'oss', accessKeyId: 'STS.test', accessKeySecret: '', securityToken: 'sts-token', bucket: 'lace', region: 'oss-cn-hangzhou', uploadUrl: 'https://lace.oss-cn-hangzhou.aliyuncs.com', keyPrefix: 'staging/' });
      t.match(creds.form, { OSSAccessKeyId: 'STS.test', 'x-oss-security-token': 'sts-token', success_action_status: '200' });
      const content = await picture('jpeg', 40, 30);
      oss.objects.set(`staging/${storeAs}`, content); // the browser's form post
      const res = await confirm(alice.token, storeAs);
      t.equal(res.status, 200);
      t.same(oss.objects.get(storeAs), content, 'the picture is at its path');
      t.notOk(oss.objects.has(`staging/${storeAs}`), 'and no longer staged');
      t.same(res.body.data, { storeAs, url: `https://lace.oss-cn-hangzhou.aliyuncs.com/${storeAs}?x-oss-process=image/auto-orient,1`, size: content.length, width: 40, height: 30, contentType: 'image/jpeg' });
      t.match(await db.selectFrom('stored_file').selectAll().where('path', '=', storeAs).executeTakeFirst(), { owner_user_id: alice.userId, content_type: 'image/jpeg' });
      t.same((await confirm(alice.token, storeAs)).body.data, res.body.data, 'confirming twice answers the same');
      const bobs = await confirm(bob.token, storeAs);
      t.equal(bobs.body.code, Codes.UPLOAD_GRANT_INVALID, 'another user cannot confirm it');
    });

    t.test('bad objects are deleted from the bucket', async (t) => {
      const cases: Array<[string, Buffer | null, number, number]> = [
        ['text named .jpg', Buffer.from('hello, not a jpeg'), 400, Codes.UPLOAD_NOT_IMAGE],
        ['more than 10 MB', Buffer.concat([await picture('jpeg'), Buffer.alloc(10 * MB)]), 413, Codes.UPLOAD_TOO_LARGE],
        ['never uploaded', null, 404, Codes.UPLOAD_NOT_FOUND],
      ];
      for (const [name, content, status, code] of cases) {
        const { storeAs } = await api.grant(alice.token, 'jpg');
        if (content) oss.objects.set(`staging/${storeAs}`, content);
        const res = await confirm(alice.token, storeAs);
        t.equal(res.status, status, `${name}: ${status}`);
        t.equal(res.body.code, code, `${name}: code ${code}`);
        t.notOk(oss.objects.has(`staging/${storeAs}`) || oss.objects.has(storeAs), `${name}: not in the bucket`);
        t.notOk(await db.selectFrom('stored_file').select('id').where('path', '=', storeAs).executeTakeFirst(), `${name}: no record`);
      }
      const straight = await api.grant(alice.token, 'jpg');
      oss.objects.set(straight.storeAs, await picture('jpeg')); // not through the staging prefix
      t.equal((await confirm(alice.token, straight.storeAs)).body.code, Codes.UPLOAD_NOT_FOUND, 'only a staged picture is confirmed');
      const outside = await confirm(alice.token, 'product/1/1.jpg');
      t.equal(outside.body.code, Codes.UPLOAD_GRANT_INVALID, 'only names inside an issued directory');
    });
  });
}
