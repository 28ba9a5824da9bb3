// Both languages' words at once, for the server (it renders either) and tests. The browser loads only
// the page's language (load-locale.ts).
import type { Locales } from './index';
import { zh } from './locales/zh';
import { en } from './locales/en';

export const allLocales: Required<Locales> = { zh, en };
