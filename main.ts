// Entry of both services. `--role api|web|all` (or ROLE) chooses what this process runs; `all` is what
// `npm start` uses on one machine. The api migrates on every start and seeds demo data on an empty database.
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config/index';
import { redactingLoggerOptions } from './config/logging';
import { openDatabase, type Db } from './api/db/database';
import { migrateToLatest } from './api/db/migrate';
import { buildApiApp } from './api/app';
import { createStorageDriver } from './api/modules/file/create-storage';
import { isDatabaseEmpty, seedDemoData } from './api/db/seed/index';
import { buildWebApp } from './server/app';
import { logDestination } from './config/log-destination';
import { DEMO_PASSWORD, type SeededAccount } from './api/db/seed/demo-accounts';

async function startApi(config: Config, log: pino.Logger): Promise<{ app: FastifyInstance; db: Db; accounts: SeededAccount[] }> {
  const db = openDatabase(config.db);
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  const storage = createStorageDriver(config);
  const deps = { config, db, storage };
  let accounts: SeededAccount[] = [];
  if (config.seedOnEmpty && (await isDatabaseEmpty(db.db))) {
    const started = Date.now();
    log.info({ products: config.seedProducts }, 'empty database: seeding demo data (first start only)');
    const { accounts: seeded, ...result } = await seedDemoData(deps, { products: config.seedProducts, log: (msg) => log.info(msg) });
    accounts = seeded;
    log.info({ ...result, accounts: seeded.length, ms: Date.now() - started }, 'demo data seeded');
  }
  const app = await buildApiApp({ deps, logger: { level: config.logLevel, base: { service: 'api' }, stream } });
  await app.listen({ host: config.api.host, port: config.api.port });
  return { app, db, accounts };
}

const stream = logDestination();

/** The end of a start: where the marketplace is, the demo accounts seeded now, where the data lives. */
function summarise(config: Config, accounts: SeededAccount[], log: pino.Logger): void {
  const site = config.role === 'api' ? `http://${config.api.host}:${config.api.port} (api only)` : `http://localhost:${config.web.port}`;
  const data = config.db.kind === 'sqlite' ? `${config.db.file} (files in ${config.storage.localDir})` : `PostgreSQL (files in ${config.storage.localDir})`;
  if (!stream) {
    log.info({ site, data, demoAccounts: accounts.map((a) => ({ role: a.role, mobile: a.mobile })), demoPassword: accounts.length ? 'see README' : undefined }, 'ready');
    return;
  }
  const lines = ['', `  花边网 LaceHub is ready at ${site}`, `  data: ${data}`];
  if (accounts.length) {
    lines.push(`  demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of accounts) lines.push(`    ${a.mobile}  ${a.label.en} / ${a.label.zh}`);
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = stream ? pino({ ...redactingLoggerOptions(), level: config.logLevel, base: { service: 'main' } }, stream) : pino({ ...redactingLoggerOptions(), level: config.logLevel, base: { service: 'main' } });
  const closers: Array<() => Promise<void>> = [];
  let seeded: SeededAccount[] = [];

  if (config.role === 'api' || config.role === 'all') {
    const { app, db, accounts } = await startApi(config, log);
    closers.push(async () => { await app.close(); await db.destroy(); });
    log.info(`api listening on http://${config.api.host}:${config.api.port}`);
    seeded = accounts;
  }
  if (config.role === 'web' || config.role === 'all') {
    const web = await buildWebApp({ config, logger: { level: config.logLevel, base: { service: 'web' }, stream } });
    await web.listen({ host: config.web.host, port: config.web.port });
    closers.unshift(async () => { await web.close(); });
    log.info(`marketplace at http://localhost:${config.web.port}`);
  }
  summarise(config, seeded, log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    for (const close of closers) await close().catch((err) => log.error({ err }, 'error while closing'));
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
