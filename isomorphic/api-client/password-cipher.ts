// SPEC §7: a password leaves the page AES-encrypted (ECB mode, PKCS7 padding) under the key shared with
// the api (PASSWORD_AES_KEY, handed to the page in its state). Output: base64, as the api expects.
// The .js paths: crypto-js has no exports map, and Node (server bundle, tests) needs the file name.
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import ECB from 'crypto-js/mode-ecb.js';
import Pkcs7 from 'crypto-js/pad-pkcs7.js';

export function encryptPassword(clear: string, key: string): string {
  return AES.encrypt(Utf8.parse(clear), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}
