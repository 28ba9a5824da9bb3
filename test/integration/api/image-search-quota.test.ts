// The photo-search quota a guest cannot reset: visitor ids are handed out signed by the api (a made-up or
// altered one counts as none), a client address has a daily cap whatever ids it sends, a used-up quota is
// refused before the picture is decoded, and a full extraction queue answers 503 with the envelope. On
// SQLite and PostgreSQL. Searches here are cancelled at once: what is tested is who may start one.
import t from 'tap';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../config/index';
import { buildApiApp } from '../../../api/app';
import { createStorageDriver } from '../../../api/modules/file/create-storage';
import { Codes } from '../../../isomorphic/domain/codes';
import { Limits } from '../../../isomorphic/domain/limits';
import { createTestDb, dialects } from '../../helpers/db';
import { nextVisitorAddress } from '../../helpers/visitors';

const SIGNED = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;
const PER_IP = 10;
const QUEUE_MAX = 2;

const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();

interface Started { status: number; code: number; message: string; visitor: string | undefined; key: string | undefined }

async function start(app: FastifyInstance, remoteAddress: string, visitor?: string, image: Buffer = picture): Promise<Started> {
  const res = await app.inject({
    method: 'POST', url: '/search/encoded', remoteAddress,
    headers: { 'x-lang': 'en', 'content-type': 'image/jpeg', ...(visitor ? { 'x-visitor-id': visitor } : {}) }, payload: image,
  });
  const body = res.json() as { code: number; message: string; data: { searchKey: string } | null };
  const key = body.data?.searchKey;
  // Nothing here needs the search to run: withdraw it from the queue.
  if (key) await app.inject({ method: 'POST', url: `/search/cancel/${key}` });
  const header = res.headers['x-visitor-id'];
  return { status: res.statusCode, code: body.code, message: body.message, visitor: typeof header === 'string' ? header : undefined, key };
}

for (const { dialect, skip } of await dialects()) {
  t.test(`photo-search quota (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    const env = { DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1' };
    const config = loadConfig({ ...env, IMAGE_SEARCH_PER_IP_PER_DAY: String(PER_IP) }, []);
    const app = await buildApiApp({ deps: { config, db: testDb.db, storage: createStorageDriver(config) } });
    t.teardown(async () => { await app.close(); await testDb.cleanup(); });
    await app.ready();

    t.test('a guest gets a signed visitor id; a made-up or altered one is replaced', async (t) => {
      const first = await start(app, nextVisitorAddress());
      t.equal(first.code, 0, 'the first search starts');
      t.match(first.visitor, SIGNED, 'and the answer hands out a signed visitor id');
      const again = await start(app, nextVisitorAddress(), first.visitor);
      t.equal(again.code, 0);
      t.equal(again.visitor, undefined, 'sent back, it is kept (no new id)');
      const madeUp = await start(app, nextVisitorAddress(), 'my-own-visitor-id-1234');
      t.match(madeUp.visitor, SIGNED, 'a made-up id gets a signed one instead');
      const [id, sig] = first.visitor!.split('.');
      const altered = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${sig}`;
      const forged = await start(app, nextVisitorAddress(), altered);
      t.match(forged.visitor, SIGNED, 'an altered id is not believed');
      t.not(forged.visitor, altered);
    });

    t.test(`the quota follows the signed id across addresses: the ${Limits.freeImageSearchesPerDay + 1}th search is refused`, async (t) => {
      const visitor = (await start(app, nextVisitorAddress())).visitor;
      const codes: number[] = [];
      for (let i = 1; i < Limits.freeImageSearchesPerDay; i++) codes.push((await start(app, nextVisitorAddress(), visitor)).code);
      t.same(codes, Array(Limits.freeImageSearchesPerDay - 1).fill(0), `${Limits.freeImageSearchesPerDay} searches in all`);
      const over = await start(app, nextVisitorAddress(), visitor);
      t.equal(over.status, 429);
      t.equal(over.code, Codes.IMAGE_SEARCH_QUOTA, 'the next answers 1004020, from a new address too');
    });

    t.test(`one address: at most ${PER_IP} guest searches a day, whatever visitor ids they carry`, async (t) => {
      const address = nextVisitorAddress();
      const codes: number[] = [];
      // A fresh id for each search (none sent: the api hands out a new one each time).
      for (let i = 0; i < PER_IP; i++) codes.push((await start(app, address)).code);
      t.same(codes, Array(PER_IP).fill(0), `${PER_IP} searches start`);
      const over = await start(app, address);
      t.equal(over.code, Codes.IMAGE_SEARCH_QUOTA, 'the next, with yet another new id, is refused');
      t.equal(over.message, 'Your 7 free flower searches for today are used up');
      t.equal((await start(app, nextVisitorAddress())).code, 0, 'another address still may');

      const corrupt = await start(app, address, undefined, picture.subarray(0, picture.length >> 1));
      t.equal(corrupt.code, Codes.IMAGE_SEARCH_QUOTA, 'a used-up quota is refused before the picture is read (not 1004025)');
      const jobs = await testDb.db.db.selectFrom('search_job').where('client_ip', '=', address).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      t.equal(Number(jobs.n), PER_IP, 'no job was written for the refused searches');
    });
  });

  t.test(`photo-search queue bound (${dialect})`, { skip }, async (t) => {
    const testDb = await createTestDb(dialect);
    const config = loadConfig({ DATA_DIR: testDb.dir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', IMAGE_INDEX_ON_START: 'false', IMAGE_EXTRACT_THREADS: '1', IMAGE_SEARCH_QUEUE_MAX: String(QUEUE_MAX) }, []);
    const app = await buildApiApp({ deps: { config, db: testDb.db, storage: createStorageDriver(config) } });
    t.teardown(async () => { await app.close(); await testDb.cleanup(); });
    await app.ready();
    // Five at once while the model is still loading: none can finish, so the queue holds two.
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({
      method: 'POST', url: '/search/encoded', remoteAddress: nextVisitorAddress(), headers: { 'x-lang': 'en', 'content-type': 'image/jpeg' }, payload: picture,
    })));
    const bodies = answers.map((a) => a.json() as { code: number; message: string; data: { searchKey: string } | null });
    t.equal(bodies.filter((b) => b.code === 0).length, QUEUE_MAX, `${QUEUE_MAX} searches are queued`);
    const refused = answers.filter((a) => a.statusCode === 503);
    t.equal(refused.length, 5 - QUEUE_MAX, 'the others are refused with 503');
    t.same(refused[0]?.json(), { code: Codes.SEARCH_BUSY, message: 'Too many photo searches are running, please try again shortly', data: null }, 'in the envelope');
    const jobs = await testDb.db.db.selectFrom('search_job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    t.equal(Number(jobs.n), QUEUE_MAX, 'and leave no job behind');
    for (const b of bodies) if (b.data) await app.inject({ method: 'POST', url: `/search/cancel/${b.data.searchKey}` });
  });
}
