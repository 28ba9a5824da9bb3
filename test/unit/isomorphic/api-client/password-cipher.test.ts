// The page's crypto-js encryption is byte for byte what the api decrypts.
import t from 'tap';
import { encryptPassword } from '../../../../isomorphic/api-client/password-cipher';
import { decryptPassword, encryptPassword as nodeEncrypt } from '../../../../api/modules/account/password';

t.test('crypto-js AES-ECB/PKCS7 matches the api', async (t) => {
  for (const key of ['lace-market-2026', '0123456789abcdef01234567', '0123456789abcdef0123456789abcdef']) {
    for (const clear of ['lace2026', 'a1', '花边密码abc123', 'x'.repeat(16)]) {
      const enc = encryptPassword(clear, key);
      t.equal(enc, nodeEncrypt(clear, key), `${key.length}-byte key, ${clear}`);
      t.equal(decryptPassword(enc, key), clear);
    }
  }
});
