// The form a page posts to OSS (PostObject): what the api signed, in the order OSS reads it.
import t from 'tap';
import { ossPostForm } from '../../../../isomorphic/components/upload/upload-transport';
import type { UploadCredentials } from '../../../../isomorphic/contracts/catalogue';

t.test('the key under the staging prefix, the signed fields, the type, and the file last', async (t) => {
  const grant: UploadCredentials = {
    dir: 'upload/20261124/ab/', accessKeyId: 'STS.id', accessKeySecret: '', securityToken: 'tok', endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
    bucket: 'lace', region: 'oss-cn-hangzhou', expiration: '2026-11-24T05:00:00.000Z', mode: 'oss', uploadUrl: 'https://lace.oss-cn-hangzhou.aliyuncs.com',
    keyPrefix: 'staging/', form: { policy: 'cG9saWN5', OSSAccessKeyId: 'STS.id', Signature: 'c2ln', 'x-oss-security-token': 'tok', success_action_status: '200' },
  };
  const file = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
  const form = ossPostForm(grant, file, 'lace.jpg', 'upload/20261124/ab/web-1.jpg');
  const fields = [...form.keys()];
  t.same(fields, ['key', 'policy', 'OSSAccessKeyId', 'Signature', 'x-oss-security-token', 'success_action_status', 'Content-Type', 'file']);
  t.equal(form.get('key'), 'staging/upload/20261124/ab/web-1.jpg');
  t.equal(form.get('Content-Type'), 'image/jpeg');
  t.equal((form.get('file') as File).name, 'lace.jpg');
});
