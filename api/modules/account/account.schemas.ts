// Schemas of the account calls: the user and session shapes (checked against isomorphic/contracts/account.ts)
// and the bodies. Passwords travel AES-encrypted (password.ts decrypts them); the rules with their own
// messages (mobile format, password strength) are the service's.
import { Type, type Static } from '@sinclair/typebox';
import type { CompanyBrief, LoginResult, SessionInfo, UserInfo } from '../../../isomorphic/contracts/account';
import { assertSame, type Same } from '../../http/schemas';

const Mobile = Type.String({ maxLength: 20, description: 'mobile number, 11 digits starting with 1' });
const Encrypted = Type.String({ minLength: 1, maxLength: 200, description: 'AES-ECB/PKCS7 encrypted, base64' });
const SmsCode = Type.String({ minLength: 1, maxLength: 10 });

export const UserInfoSchema = Type.Object({
  id: Type.Integer(), mobile: Type.String(), userType: Type.Integer(), nickname: Type.String(), realName: Type.String(),
  email: Type.String(), avatarUrl: Type.String(), companyId: Type.Union([Type.Integer(), Type.Null()]), settled: Type.Boolean(), operator: Type.Boolean(), createdAt: Type.String(),
});
assertSame<Same<Static<typeof UserInfoSchema>, UserInfo>>();

export const CompanyBriefSchema = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), nameEn: Type.String(), logoUrl: Type.String() }), Type.Null()]);
assertSame<Same<Static<typeof CompanyBriefSchema>, CompanyBrief | null>>();

export const SessionInfoSchema = Type.Object({ user: UserInfoSchema, company: CompanyBriefSchema });
assertSame<Same<Static<typeof SessionInfoSchema>, SessionInfo>>();

export const LoginResultSchema = Type.Object({ token: Type.String(), user: UserInfoSchema, company: CompanyBriefSchema });
assertSame<Same<Static<typeof LoginResultSchema>, LoginResult>>();

export const Nothing = Type.Null();

export const RegistrationCodeBody = Type.Object({ mobile: Mobile });

export const VerifyCodeBody = Type.Object({
  mobile: Mobile, purpose: Type.Union([Type.Literal('findPassword'), Type.Literal('changeMobile')], { default: 'findPassword' }),
});

export const RegisterBody = Type.Object({
  mobile: Mobile, password: Encrypted, confirmPassword: Encrypted, smsCode: SmsCode,
  userType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  nickname: Type.Optional(Type.String({ maxLength: 30 })),
});

export const LoginBody = Type.Object({ mobile: Mobile, password: Encrypted });

export const FindPasswordBody = Type.Object({ mobile: Mobile, smsCode: SmsCode, password: Encrypted, confirmPassword: Encrypted });

export const ChangePasswordBody = Type.Object({ oldPassword: Encrypted, password: Encrypted, confirmPassword: Encrypted });

export const CheckPasswordBody = Type.Object({ password: Encrypted });
export const CheckPasswordResult = Type.Object({ valid: Type.Boolean() });

export const UpdateProfileBody = Type.Object({
  nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  realName: Type.Optional(Type.String({ maxLength: 30 })),
  email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 100 })])),
  avatarPath: Type.Optional(Type.String({ maxLength: 300 })),
});

export const ChangeMobileBody = Type.Object({ password: Encrypted, mobile: Mobile, smsCode: SmsCode });
