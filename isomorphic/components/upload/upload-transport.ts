// How one image reaches storage (SPEC §7 uploads): a grant from POST /file/token, then either the api's
// local upload (multipart POST with XMLHttpRequest, for its progress events) or, in oss mode, a browser
// multipart upload to Aliyun OSS with the temporary STS credentials (ali-oss, loaded only then) followed
// by POST /file/confirm. Browser only.
import type { UploadCredentials, UploadedFile } from '../../contracts/catalogue';
import { UploadLimits } from '../../domain/custom-request';
import { Codes, type Envelope } from '../../domain/codes';
import { browserApi } from '../browser-api';

/** What /file/token answers. */
export type UploadGrant = UploadCredentials;

/** The uploaded image record of SPEC §3. */
export interface UploadedImage { size: number; name: string; result: string; storeAs: string; url: string }

export class UploadError extends Error {
  constructor(message: string, readonly code?: number) {
    super(message);
    this.name = 'UploadError';
  }
}

/** SPEC §3: storeAs = the server's directory + "web-" + a random id without dashes + the original extension. */
export function makeStoreAs(dir: string, fileName: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? 'png';
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '')
    : Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${dir}${UploadLimits.storeAsPrefix}${id}.${ext}`;
}

/** The api's upload address as the page reaches it: through the same-origin /api proxy. */
export function browserUploadUrl(uploadUrl: string | undefined): string {
  if (!uploadUrl) return '/api/file/upload';
  if (/^https?:\/\//.test(uploadUrl) || uploadUrl.startsWith('/api/')) return uploadUrl;
  return `/api${uploadUrl.startsWith('/') ? '' : '/'}${uploadUrl}`;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export async function requestGrant(): Promise<UploadGrant> {
  const e = await browserApi().post<UploadGrant>('/file/token', { fileType: 'image' });
  if (e.code !== Codes.OK) throw new UploadError(e.message, e.code);
  return e.data;
}

function postLocal(url: string, file: Blob, name: string, storeAs: string, lang: string, onProgress: (fraction: number) => void): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // The key first: the api reads fields in order and checks storeAs before it takes the bytes.
    form.append('storeAs', storeAs);
    form.append('file', file, name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-lang', lang);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onerror = () => reject(new UploadError('network'));
    xhr.onload = () => {
      let envelope: Envelope<UploadedFile> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadedFile>;
      } catch {
        envelope = undefined;
      }
      if (envelope && envelope.code === Codes.OK) {
        onProgress(1);
        resolve(envelope.data);
      } else reject(new UploadError(envelope?.message ?? `HTTP ${xhr.status}`, envelope?.code));
    };
    xhr.send(form);
  });
}

interface OssClient { multipartUpload(name: string, file: Blob, opts: { progress(p: number): void }): Promise<unknown> }
type OssConstructor = new (opts: Record<string, unknown>) => OssClient;

async function putOss(grant: UploadGrant, file: Blob, storeAs: string, onProgress: (fraction: number) => void): Promise<UploadedFile> {
  // The browser build of ali-oss, fetched only when a file goes to OSS.
  const mod = (await import(/* webpackChunkName: "ali-oss" */ 'ali-oss/dist/aliyun-oss-sdk.min.js')) as { default?: OssConstructor } & OssConstructor;
  const OSS = mod.default ?? mod;
  const client = new OSS({
    region: grant.region,
    accessKeyId: grant.accessKeyId,
    accessKeySecret: grant.accessKeySecret,
    stsToken: grant.securityToken,
    bucket: grant.bucket,
    ...(grant.endpoint ? { endpoint: grant.endpoint } : {}),
    secure: true,
  });
  await client.multipartUpload(storeAs, file, { progress: (p: number) => onProgress(Math.min(0.99, p)) });
  const e = await browserApi().post<UploadedFile>('/file/confirm', { storeAs });
  if (e.code !== Codes.OK) throw new UploadError(e.message, e.code);
  onProgress(1);
  return e.data;
}

/** Uploads one image with a fresh grant; `onProgress` gets 0..1. */
export async function uploadImage(file: Blob, name: string, opts: { lang: string; onProgress(fraction: number): void; grant?: UploadGrant }): Promise<UploadedImage> {
  const [grant, result] = await Promise.all([opts.grant ? Promise.resolve(opts.grant) : requestGrant(), readAsDataUrl(file)]);
  const storeAs = makeStoreAs(grant.dir, name);
  const stored = grant.mode === 'oss'
    ? await putOss(grant, file, storeAs, opts.onProgress)
    : await postLocal(browserUploadUrl(grant.uploadUrl), file, name, storeAs, opts.lang, opts.onProgress);
  return { size: file.size, name, result, storeAs: stored.storeAs || storeAs, url: stored.url };
}
