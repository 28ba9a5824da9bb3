// What every api module receives: the database, the configuration and the drivers.
import type { Config } from '../config/index';
import type { Db } from './db/database';
import type { StorageDriver } from './modules/file/storage';
import type { SmsDriver } from './modules/sms/sms.driver';
import type { NoticeDriver } from './modules/notification/notification.driver';

export interface ApiDeps {
  config: Config;
  db: Db;
  storage: StorageDriver;
  /** defaults to the driver SMS_DRIVER names, logging through the api's logger */
  sms?: SmsDriver;
  /** defaults to the driver NOTIFY_DRIVER names, logging through the api's logger */
  notifier?: NoticeDriver;
}

export interface ModuleOptions { deps: ApiDeps }
