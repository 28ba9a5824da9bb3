// Aliyun OSS storage driver: the api reads and writes objects with its RAM user, and hands browsers
// temporary STS credentials (AssumeRole, limited by an inline policy to one upload directory).
import OSS from 'ali-oss';
import { randomUUID } from 'node:crypto';
import { createHmac } from 'node:crypto';
import { STAGING_PREFIX, type StorageDriver, type UploadCredentials } from './storage';
import { UploadLimits } from '../../../isomorphic/domain/custom-request';
import { OSS_PROCESS_MARK } from '../../../isomorphic/domain/image-variants';
import { ossUploadOrigin } from '../../../config/index';
import { encodeStoragePath, normaliseStoragePath, UnsafeStoragePathError } from './storage-path';

export interface OssStorageOptions {
  region: string;        // e.g. oss-cn-hangzhou
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  roleArn: string;       // acs:ram::<account>:role/<name>
  endpoint?: string;     // override, e.g. https://oss-cn-hangzhou-internal.aliyuncs.com
  publicBase?: string;   // CDN or bucket URL objects are read from
  /** lifetime of the STS credentials, seconds (STS accepts 900 to the role's maximum) */
  credentialSeconds?: number;
}

/** The parts of the ali-oss clients the driver uses (so tests can pass fakes). */
export interface OssObjectClient {
  put(name: string, file: Buffer, options?: { headers?: Record<string, string> }): Promise<unknown>;
  get(name: string): Promise<{ content?: unknown }>;
  head(name: string): Promise<{ res: { headers: unknown } }>;
  delete(name: string): Promise<unknown>;
  list(query: { prefix: string; marker?: string; 'max-keys': number }, options?: object): Promise<{ objects?: Array<{ name: string; lastModified: string }> | null; nextMarker?: string | null; isTruncated?: boolean }>;
}
export interface OssStsClient {
  assumeRole(roleArn: string, policy?: object | string, expirationSeconds?: number, session?: string): Promise<{ credentials: { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string; Expiration: string } }>;
}

export interface OssClients { objects: OssObjectClient; sts: OssStsClient }

function defaultEndpoint(region: string): string {
  return `https://${region}.aliyuncs.com`;
}

function createClients(opts: OssStorageOptions): OssClients {
  const objects = new OSS({
    region: opts.region,
    bucket: opts.bucket,
    accessKeyId: opts.accessKeyId,
    accessKeySecret: opts.accessKeySecret,
    secure: true,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
  });
  const sts = new OSS.STS({ accessKeyId: opts.accessKeyId, accessKeySecret: opts.accessKeySecret });
  return { objects, sts };
}

function isMissing(err: unknown): boolean {
  const e = err as { code?: string; status?: number };
  return e?.code === 'NoSuchKey' || e?.status === 404;
}

/** The RAM policy attached to the temporary credentials: put objects under `prefix` of this bucket only. */
export function uploadPolicy(bucket: string, prefix: string) {
  return {
    Version: '1',
    Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: [`acs:oss:*:*:${bucket}/${prefix}*`] }],
  };
}

/**
 * The PostObject policy of one grant (OSS signature V1): a key under `prefix`, 1 byte to the upload
 * limit, a picture's content type, this bucket, until `expiration`. OSS refuses any other form.
 */
export function postPolicy(bucket: string, prefix: string, expiration: string) {
  return {
    expiration,
    conditions: [
      { bucket },
      ['starts-with', '$key', prefix],
      ['content-length-range', 1, UploadLimits.maxBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
  };
}

/** The form fields of a PostObject signed with the temporary credentials (the secret stays here). */
export function signedPostForm(policy: object, credentials: { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string }): Record<string, string> {
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    policy: encoded,
    OSSAccessKeyId: credentials.AccessKeyId,
    Signature: createHmac('sha1', credentials.AccessKeySecret).update(encoded).digest('base64'),
    'x-oss-security-token': credentials.SecurityToken,
    success_action_status: '200',
  };
}

export function createOssStorage(opts: OssStorageOptions, clients: OssClients = createClients(opts)): StorageDriver {
  const publicBase = (opts.publicBase || `https://${opts.bucket}.${opts.region}.aliyuncs.com`).replace(/\/+$/, '');
  const endpoint = opts.endpoint || defaultEndpoint(opts.region);
  const seconds = opts.credentialSeconds ?? 900;
  const key = (relPath: string) => {
    const clean = normaliseStoragePath(relPath);
    if (clean === null) throw new UnsafeStoragePathError(relPath);
    return clean;
  };

  return {
    name: 'oss',

    async put(relPath, body, contentType) {
      await clients.objects.put(key(relPath), body, {
        headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
    },

    async get(relPath) {
      try {
        const { content } = await clients.objects.get(key(relPath));
        if (content === undefined || content === null) return Buffer.alloc(0);
        return Buffer.isBuffer(content) ? content : Buffer.from(content as Uint8Array);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async head(relPath) {
      try {
        const { res } = await clients.objects.head(key(relPath));
        const length = Number((res.headers as Record<string, unknown>)['content-length']);
        return { size: Number.isFinite(length) ? length : 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async remove(relPath) {
      try {
        await clients.objects.delete(key(relPath));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    // The mark lets pages ask OSS's image processing for widths and formats (isomorphic/domain/image-variants).
    url(relPath) {
      return `${publicBase}/${encodeStoragePath(relPath)}?${OSS_PROCESS_MARK}`;
    },

    // The browser posts a form to the bucket: into the private staging prefix, within the size limit, a
    // picture's type only; /file/confirm checks the object and moves it to its path. The secret of the
    // temporary credentials signs the form here and is not handed out.
    async uploadCredentials(dir): Promise<UploadCredentials> {
      const clean = `${key(dir.replace(/\/+$/, ''))}/`;
      const staged = `${STAGING_PREFIX}${clean}`;
      const session = `upload-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const { credentials } = await clients.sts.assumeRole(opts.roleArn, uploadPolicy(opts.bucket, staged), seconds, session);
      const expiration = new Date(Math.min(Date.parse(credentials.Expiration) || Infinity, Date.now() + seconds * 1000)).toISOString();
      return {
        dir: clean,
        accessKeyId: credentials.AccessKeyId,
        accessKeySecret: '',
        securityToken: credentials.SecurityToken,
        endpoint,
        bucket: opts.bucket,
        region: opts.region,
        expiration,
        mode: 'oss',
        uploadUrl: ossUploadOrigin({ driver: 'oss', oss: opts }),
        keyPrefix: STAGING_PREFIX,
        form: signedPostForm(postPolicy(opts.bucket, staged, expiration), credentials),
      };
    },

    async sweepStaged(before) {
      let marker: string | undefined;
      let removed = 0;
      for (let page = 0; page < 100; page++) {
        const res = await clients.objects.list({ prefix: STAGING_PREFIX, 'max-keys': 1000, ...(marker ? { marker } : {}) });
        for (const o of res.objects ?? []) {
          if (Date.parse(o.lastModified) < before.getTime()) {
            await this.remove(o.name);
            removed++;
          }
        }
        if (!res.isTruncated || !res.nextMarker) break;
        marker = res.nextMarker;
      }
      return removed;
    },
  };
}
