import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { LANGUAGES } from '../../lib/format/format.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: 10, maxLength: 256, description: 'At least 10 characters.' });

export const SignupBody = Closed({ email: Email, password: Password, name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) });
export const LoginBody = Closed({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) });
export const VerifyEmailBody = Closed({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const User = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  language: Nullable(StringEnum(LANGUAGES, { description: 'The dashboard language the person chose; null: the browser\'s Accept-Language decides.' })),
  createdAt: Timestamp,
});
export const UserEnvelope = Type.Object({ user: User });
export const PreferencesBody = Closed({
  language: Nullable(StringEnum(LANGUAGES, { description: 'en, es, ca or fr; null returns the choice to the browser\'s Accept-Language.' })),
});
