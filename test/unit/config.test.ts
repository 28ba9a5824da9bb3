import os from 'node:os';
import t from 'tap';
import { ConfigError, loadConfig } from '../../config/index';

t.test('defaults run out of the box', async (t) => {
  const c = loadConfig({}, []);
  t.equal(c.role, 'all');
  t.equal(c.web.port, 3000);
  t.equal(c.api.port, 3001);
  t.equal(c.web.apiUrl, 'http://127.0.0.1:3001');
  t.equal(c.db.kind, 'sqlite');
  t.equal(c.storage.driver, 'local');
  t.equal(c.sms.driver, 'log');
  t.same(c.orders.platformUserIds, []);
  t.equal(c.imageSearch.extractThreads, Math.min(2, os.availableParallelism()), 'photo search: two extraction threads where there are two cores');
  t.equal(c.imageSearch.indexThreads, c.imageSearch.extractThreads, 'all of which index (a search goes before the queued indexing work)');
  t.match(loadConfig({ IMAGE_EXTRACT_THREADS: '3' }, []).imageSearch, { extractThreads: 3, indexThreads: 3 });
  t.match(loadConfig({ IMAGE_EXTRACT_THREADS: '4', IMAGE_INDEX_THREADS: '2' }, []).imageSearch, { extractThreads: 4, indexThreads: 2 });
  t.equal(loadConfig({}, []).imageSearch.annExactTop, 20, 'the best 20 are scored again from their stored rows by default');
  t.equal(loadConfig({ IMAGE_ANN_EXACT_TOP: '0' }, []).imageSearch.annExactTop, 0, 'or none');
});

t.test('role from --role wins over ROLE', async (t) => {
  t.equal(loadConfig({ ROLE: 'web' }, ['--role', 'api']).role, 'api');
  t.equal(loadConfig({}, ['--role=web']).role, 'web');
  t.equal(loadConfig({ ROLE: 'web' }, []).role, 'web');
});

t.test('DATABASE_URL switches to PostgreSQL', async (t) => {
  const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/lace' }, []);
  t.same(c.db, { kind: 'postgres', url: 'postgres://u@h:5432/lace' });
});

const bad: Array<[Record<string, string>, string]> = [
  [{ PORT: 'eighty' }, 'PORT'],
  [{ API_PORT: '70000' }, 'API_PORT'],
  [{ ROLE: 'worker' }, 'ROLE'],
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ API_URL: 'not a url' }, 'API_URL'],
  [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
  [{ STORAGE_DRIVER: 's3' }, 'STORAGE_DRIVER'],
  [{ STORAGE_DRIVER: 'oss' }, 'OSS_REGION'],
  [{ SMS_DRIVER: 'aliyun' }, 'ALIYUN_SMS_ACCESS_KEY_ID'],
  [{ PASSWORD_AES_KEY: 'short' }, 'PASSWORD_AES_KEY'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  [{ PLATFORM_USER_IDS: '1,x' }, 'PLATFORM_USER_IDS'],
  [{ IMAGE_EXTRACT_THREADS: '0' }, 'IMAGE_EXTRACT_THREADS'],
  [{ IMAGE_ANN_EXACT_TOP: '301' }, 'IMAGE_ANN_EXACT_TOP'],
  [{ IMAGE_INDEX_THREADS: 'all' }, 'IMAGE_INDEX_THREADS'],
];
for (const [env, name] of bad) {
  t.test(`a bad ${name} stops the boot with its name`, async (t) => {
    let caught: unknown;
    try { loadConfig(env, []); } catch (err) { caught = err; }
    t.ok(caught instanceof ConfigError, 'a ConfigError');
    t.equal((caught as ConfigError).variable, name);
    t.match((caught as ConfigError).message, name);
  });
}
