// What every api module receives: the database, the configuration and the drivers.
import type { Config } from '../config/index';
import type { Db } from './db/database';
import type { StorageDriver } from './modules/file/storage';

export interface ApiDeps {
  config: Config;
  db: Db;
  storage: StorageDriver;
}

export interface ModuleOptions { deps: ApiDeps }
