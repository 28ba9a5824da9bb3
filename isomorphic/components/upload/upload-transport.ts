// How one image reaches storage (SPEC §7 uploads): a grant from POST /file/token, then either the api's
// local upload (multipart POST with XMLHttpRequest, for its progress events) or, in oss mode, a form POST
// to the bucket (PostObject, signed by the api: staging prefix, size and type limits) followed by
// POST /file/confirm, which checks the picture and moves it to its path. Browser only.
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

/** The PostObject form of an OSS grant: the key (under the staging prefix), the signed fields, the type, the file last. */
export function ossPostForm(grant: UploadGrant, file: Blob, name: string, storeAs: string): FormData {
  const form = new FormData();
  form.append('key', `${grant.keyPrefix}${storeAs}`);
  for (const [field, value] of Object.entries(grant.form)) form.append(field, value);
  form.append('Content-Type', file.type || 'image/jpeg');
  form.append('file', file, name);
  return form;
}

function postOss(grant: UploadGrant, file: Blob, name: string, storeAs: string, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', grant.uploadUrl);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(Math.min(0.99, e.loaded / e.total)); };
    xhr.onerror = () => reject(new UploadError('network'));
    // OSS answers 200 (success_action_status) or an XML error, whose Message is English only: the page
    // says the upload failed in the visitor's language instead.
    xhr.onload = () => (xhr.status === 200 || xhr.status === 204 ? resolve() : reject(new UploadError(`HTTP ${xhr.status}`)));
    xhr.send(ossPostForm(grant, file, name, storeAs));
  });
}

async function putOss(grant: UploadGrant, file: Blob, name: string, storeAs: string, onProgress: (fraction: number) => void): Promise<UploadedFile> {
  await postOss(grant, file, name, storeAs, onProgress);
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
    ? await putOss(grant, file, name, storeAs, opts.onProgress)
    : await postLocal(browserUploadUrl(grant.uploadUrl), file, name, storeAs, opts.lang, opts.onProgress);
  return { size: file.size, name, result, storeAs: stored.storeAs || storeAs, url: stored.url };
}
