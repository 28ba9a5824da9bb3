// What every api module receives: the database, the configuration and the drivers.
import type { Config } from '../config/index';
import type { Db } from './db/database';
import type { StorageDriver } from './modules/file/storage';
import type { SmsDriver } from './modules/sms/sms.driver';

export interface ApiDeps {
  config: Config;
  db: Db;
  storage: StorageDriver;
  /** defaults to the driver SMS_DRIVER names, logging through the api's logger */
  sms?: SmsDriver;
}

export interface ModuleOptions { deps: ApiDeps }
