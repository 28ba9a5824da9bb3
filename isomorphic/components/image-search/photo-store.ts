// The photo of the last search, kept in this browser between pages (the results page shows it and
// /picSearchAgain crops it): IndexedDB, which holds a 10 MB Blob where sessionStorage could not, with a
// copy in memory for the same page view (and for browsers without IndexedDB). Browser only.

export interface KeptPhoto { blob: Blob; name: string; searchId: number | null }

const DB_NAME = 'lace-photo-search';
const STORE = 'photos';
const KEY = 'last';

let memory: KeptPhoto | null = null;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') { reject(new Error('no IndexedDB')); return; }
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => { req.result.createObjectStore(STORE); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
  });
}

function run<T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return openDb().then((db) => new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = op(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(req.result as T); };
    tx.onerror = () => { db.close(); reject(tx.error ?? new Error('IndexedDB failed')); };
  }));
}

export async function keepPhoto(photo: KeptPhoto): Promise<void> {
  memory = photo;
  await run('readwrite', (s) => s.put(photo, KEY)).catch(() => undefined);
}

export async function keptPhoto(): Promise<KeptPhoto | null> {
  if (memory) return memory;
  const found = await run<KeptPhoto | undefined>('readonly', (s) => s.get(KEY)).catch(() => undefined);
  if (found && found.blob instanceof Blob) memory = found;
  return memory;
}
