import {
  BIO_MAX_LENGTH,
  EMAIL_SHAPE,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  VALIDATION,
  type RegisterBody,
  type UpdateProfileBody,
} from '../../../contract';
import { ValidationFailed } from '../../errors';
import { isCommonPassword } from './common-passwords';

/** RFC 5321 caps a forward path at 254 characters. */
const EMAIL_MAX_LENGTH = 254;

export interface NewAccount {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  password: string;
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  /** `undefined`: leave as it is; `null`: clear. */
  displayName: string | null | undefined;
  bio: string | null | undefined;
}

/** A trimmed address of the shape SPEC.md §5 checks, else 422 on `field`. */
export function validEmail(value: string, field = 'email'): string {
  const email = value.trim();
  if (!EMAIL_SHAPE.test(email) || email.length > EMAIL_MAX_LENGTH)
    throw new ValidationFailed(VALIDATION.emailInvalid, field);
  return email;
}

export function validUsername(value: string): string {
  const username = value.trim();
  if (username.length < USERNAME_MIN_LENGTH) throw new ValidationFailed(VALIDATION.usernameMin, 'username');
  if (username.length > USERNAME_MAX_LENGTH) throw new ValidationFailed(VALIDATION.usernameMax, 'username');
  if (!USERNAME_PATTERN.test(username)) throw new ValidationFailed(VALIDATION.usernamePattern, 'username');
  return username;
}

function requiredName(value: string, field: string, requiredText: string): string {
  const name = value.trim();
  if (name === '') throw new ValidationFailed(requiredText, field);
  if (name.length > NAME_MAX_LENGTH) throw new ValidationFailed(VALIDATION.nameMax, field);
  return name;
}

/** Trimmed; blank or null means "none". */
function optionalText(value: string | null | undefined, field: string, max: number, maxText: string) {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  if (text.length > max) throw new ValidationFailed(maxText, field);
  return text === '' ? null : text;
}

/**
 * A new password of an allowed length that is neither all spaces nor one of the most common
 * passwords (never trimmed: spaces are characters too).
 */
export function validNewPassword(value: string, field: string, tooShortText: string): string {
  if (value.length < PASSWORD_MIN_LENGTH) throw new ValidationFailed(tooShortText, field);
  if (value.length > PASSWORD_MAX_LENGTH) throw new ValidationFailed(VALIDATION.passwordMax, field);
  if (value.trim() === '') throw new ValidationFailed(VALIDATION.passwordOnlySpaces, field);
  if (isCommonPassword(value)) throw new ValidationFailed(VALIDATION.passwordTooCommon, field);
  return value;
}

/** The words an attacker tries first against an account: its own names and the product's (ASVS 6.2.11). */
export type PasswordContext = {
  username: string;
  email: string;
};

const PRODUCT_NAME = 'threadline';
/** Shorter letter runs are too common to refuse a password for ('ana2024!' by Ana is fine). */
const MIN_CONTEXT_LETTERS = 4;

const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/**
 * Refuses a new password that is the account's username, email, the email's name part or the
 * product's name, also with digits and symbols around it ('Threadline2024!', 'ana.lopez@mail.com').
 */
export function refusePersonalPassword(value: string, account: PasswordContext, field: string): void {
  const typed = value.trim().toLowerCase();
  const letters = lettersOf(value);
  const words = [account.username, account.email, account.email.split('@')[0], PRODUCT_NAME];
  const guessable = words.some(
    (word) =>
      typed === word.toLowerCase() || (lettersOf(word).length >= MIN_CONTEXT_LETTERS && letters === lettersOf(word)),
  );
  if (guessable) throw new ValidationFailed(VALIDATION.passwordTooPersonal, field);
}

/** SPEC.md §5's register rules, in the order of the form, with its exact texts. */
export function validRegistration(body: RegisterBody): NewAccount {
  const account: NewAccount = {
    email: validEmail(body.email),
    username: validUsername(body.username),
    firstName: requiredName(body.first_name, 'first_name', VALIDATION.firstNameRequired),
    lastName: requiredName(body.last_name, 'last_name', VALIDATION.lastNameRequired),
    password: validNewPassword(body.password, 'password', VALIDATION.passwordMin),
  };
  if (body.confirm_password !== body.password)
    throw new ValidationFailed(VALIDATION.passwordsMismatch, 'confirm_password');
  refusePersonalPassword(account.password, account, 'password');
  return account;
}

export function validProfileChanges(body: UpdateProfileBody): ProfileChanges {
  return {
    firstName: requiredName(body.first_name, 'first_name', VALIDATION.firstNameRequired),
    lastName: requiredName(body.last_name, 'last_name', VALIDATION.lastNameRequired),
    displayName: optionalText(body.display_name, 'display_name', NAME_MAX_LENGTH, VALIDATION.nameMax),
    bio: optionalText(body.bio, 'bio', BIO_MAX_LENGTH, VALIDATION.bioMax),
  };
}
