import { ref, string } from 'yup';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VALIDATION } from '../../contract/messages';

/**
 * The rules every form that sets a password checks before sending it (register, reset, change):
 * long enough, not too long, not only spaces. The server also refuses the most common passwords;
 * that list stays on the server, out of the bundle.
 */
export function newPasswordSchema(tooShortText: string) {
  return string()
    .required(tooShortText)
    .min(PASSWORD_MIN_LENGTH, tooShortText)
    .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordMax)
    .test('not-only-spaces', VALIDATION.passwordOnlySpaces, (value) => !value || value.trim() !== '');
}

/** The password typed again: required, and the same as the form's `field`; one text for both failures. */
export function passwordConfirmationSchema(field: string, mismatchText: string) {
  return string()
    .required(mismatchText)
    .oneOf([ref(field)], mismatchText);
}
