// Picks the storage driver the configuration names.
import type { Config } from '../../../config/index';
import type { StorageDriver } from './storage';
import { createLocalStorage } from './local-storage';
import { createOssStorage } from './oss-storage';

export function createStorageDriver(config: Config): StorageDriver {
  if (config.storage.driver === 'oss') {
    const o = config.storage.oss;
    return createOssStorage({
      region: o.region,
      bucket: o.bucket,
      accessKeyId: o.accessKeyId,
      accessKeySecret: o.accessKeySecret,
      roleArn: o.roleArn,
      endpoint: o.endpoint || undefined,
      publicBase: o.publicBase || undefined,
    });
  }
  return createLocalStorage({ dir: config.storage.localDir, publicBase: config.storage.publicBase });
}
