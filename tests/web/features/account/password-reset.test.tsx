import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION } from '../../../../contract/messages';
import { accountApi } from '../../../../src/api/account';
import { ApiError } from '../../../../src/api/client';
import { renderApp } from '../../support/render';

beforeEach(() => {
  // Nothing here may reach a network; each test stubs the account calls it needs.
  jest.spyOn(window, 'fetch').mockRejectedValue(new Error('unexpected network call'));
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/forgot-password', () => {
  const emailField = () => screen.getByRole('textbox', { name: /email address/i });
  const sendButton = () => screen.getByRole('button', { name: 'Send reset link' });

  it('offers an email field, the send button and a way back to login', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(sendButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('asks for an email address before sending', async () => {
    const request = jest.spyOn(accountApi, 'requestPasswordReset');
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(emailField(), 'not-an-address');
    await user.click(sendButton());
    expect(await screen.findByText(VALIDATION.emailInvalid)).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('sends the link, confirms it and disables the form', async () => {
    const request = jest.spyOn(accountApi, 'requestPasswordReset').mockResolvedValue({ message: 'ok' });
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: /email address/i }), 'ada@example.com');
    await user.click(sendButton());

    expect(await screen.findByText('Password reset email sent')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('ada@example.com');
    expect(screen.getByText(/a password reset link is on its way/)).toBeInTheDocument();
    expect(emailField()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
  });

  it("shows the server's message when sending fails and lets the user try again", async () => {
    jest.spyOn(accountApi, 'requestPasswordReset').mockRejectedValue(new ApiError('Too many requests.', 429));
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: /email address/i }), 'ada@example.com');
    await user.click(sendButton());

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Too many requests.')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it('falls back to a general message when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: /email address/i }), 'ada@example.com');
    await user.click(sendButton());
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  const newPassword = () => screen.getByLabelText(/^new password/i);
  const confirmPassword = () => screen.getByLabelText(/^confirm new password/i);
  const submit = () => screen.getByRole('button', { name: 'Reset password' });

  it('explains a link without a token and points to a new request', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText('Invalid password reset link. Please request a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /request a new reset link/i })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });

  it('asks for a long enough password', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), 'short');
    await user.click(submit());
    expect(await screen.findByText(VALIDATION.passwordMin)).toBeInTheDocument();
  });

  it('asks for matching passwords', async () => {
    const confirm = jest.spyOn(accountApi, 'confirmPasswordReset');
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), 'long-enough-1');
    await user.type(confirmPassword(), 'long-enough-2');
    await user.click(submit());
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('refuses a password of only spaces before sending it', async () => {
    const confirm = jest.spyOn(accountApi, 'confirmPasswordReset');
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), ' '.repeat(8));
    await user.type(confirmPassword(), ' '.repeat(8));
    await user.click(submit());
    expect(await screen.findByText(VALIDATION.passwordOnlySpaces)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('reveals each password with its own toggle', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Show new password' }));
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(newPassword()).toHaveAttribute('type', 'password');
  });

  it('resets the password with the token of the link and leads back to login', async () => {
    const confirm = jest.spyOn(accountApi, 'confirmPasswordReset').mockResolvedValue({ message: 'ok' });
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), 'long-enough-1');
    await user.type(confirmPassword(), 'long-enough-1');
    await user.click(submit());

    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith({ token: 'abc', newPassword: 'long-enough-1' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message when the reset fails", async () => {
    const expired = 'This password reset link is invalid or has expired. Please request a new one.';
    jest.spyOn(accountApi, 'confirmPasswordReset').mockRejectedValue(new ApiError(expired, 400));
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), 'long-enough-1');
    await user.type(confirmPassword(), 'long-enough-1');
    await user.click(submit());

    expect(await screen.findByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(expired)).toHaveLength(2));
    expect(submit()).toBeEnabled();
  });

  it("puts the server's refusal of a common password on the new password field until it is edited", async () => {
    const tooCommon = new ApiError(VALIDATION.passwordTooCommon, 422, 'validation_failed', 'newPassword');
    jest.spyOn(accountApi, 'confirmPasswordReset').mockRejectedValue(tooCommon);
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), 'password1');
    await user.type(confirmPassword(), 'password1');
    await user.click(submit());

    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(VALIDATION.passwordTooCommon));
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    // On the field and in the toast, not again above the form.
    expect(screen.getAllByText(VALIDATION.passwordTooCommon)).toHaveLength(2);
    await user.type(newPassword(), '!');
    expect(newPassword()).not.toHaveAccessibleDescription(VALIDATION.passwordTooCommon);
  });

  it('falls back to a general message when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^new password/i), 'long-enough-1');
    await user.type(confirmPassword(), 'long-enough-1');
    await user.click(submit());
    expect((await screen.findAllByText('An unexpected error occurred.')).length).toBeGreaterThan(0);
  });
});
