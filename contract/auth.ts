import { Type, type Static } from 'typebox';

/** POST /auth/register (JSON). The agree checkbox is the SPA's alone and is not sent. */
export const RegisterBody = Type.Object({
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  password: Type.String(),
  confirm_password: Type.String(),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** POST /auth/login (form-encoded): `username` is the email or the username. */
export const LoginForm = Type.Object({
  username: Type.String(),
  password: Type.String(),
  remember_me: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
});
export type LoginForm = Static<typeof LoginForm>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  /** Seconds until the token stops working (12 h, or 30 days with remember me). */
  expires_in: Type.Integer(),
});
export type TokenResponse = Static<typeof TokenResponse>;

export const UserProfile = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  display_name: Type.Union([Type.String(), Type.Null()]),
  bio: Type.Union([Type.String(), Type.Null()]),
  is_verified: Type.Boolean(),
  two_factor_enabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type UserProfile = Static<typeof UserProfile>;

/** PUT /users/me edits these only; the email and username are fixed. */
export const UpdateProfileBody = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  display_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  bio: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const AvailabilityResponse = Type.Object({ exists: Type.Boolean() });
export type AvailabilityResponse = Static<typeof AvailabilityResponse>;

export const TokenBody = Type.Object({ token: Type.String() });
export type TokenBody = Static<typeof TokenBody>;

export const EmailBody = Type.Object({ email: Type.String() });
export type EmailBody = Static<typeof EmailBody>;

export const ResetConfirmBody = Type.Object({ token: Type.String(), newPassword: Type.String() });
export type ResetConfirmBody = Static<typeof ResetConfirmBody>;

export const ChangePasswordBody = Type.Object({ currentPassword: Type.String(), newPassword: Type.String() });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The answer of calls whose result is only "done": a sentence a person can read. */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** GET /sandbox/outbox: mails the dev outbox kept because no SMTP server is configured. */
export const OutboxMail = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type OutboxMail = Static<typeof OutboxMail>;
export const OutboxResponse = Type.Array(OutboxMail);
