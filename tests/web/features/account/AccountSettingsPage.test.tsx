import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION } from '../../../../contract/messages';
import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/client';
import type { AuthState } from '../../../../src/features/auth/slice';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import type { RootState } from '../../../../src/store';
import { apiError, mockApi, type ApiRoute } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const ada = aUser({ display_name: 'Countess', is_verified: false });

const signedIn = (auth: Partial<AuthState> = {}) => signedInState(ada, auth);

const NOT_STUBBED: ApiRoute = () => apiError(404, 'Not stubbed', 'X');

/** The flows under test go through accountApi and authApi, spied on; the connection check is answered "not here". */
const otherRequests: Record<string, ApiRoute> = { 'GET /whatsapp/status': NOT_STUBBED };

beforeEach(() => {
  mockApi(otherRequests);
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function openTab(name: string, state: Partial<RootState> = signedIn()) {
  const person = userEvent.setup();
  const view = renderApp('/account-settings', state);
  await person.click(await screen.findByRole('tab', { name }));
  return { person, ...view };
}

describe('/account-settings', () => {
  it('has the four tabs, Profile first', async () => {
    renderApp('/account-settings', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Profile', 'Security', 'Verification', 'Danger Zone']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  describe('Profile', () => {
    it('shows the profile with a read-only email', async () => {
      renderApp('/account-settings', signedIn());
      expect(await screen.findByLabelText(/^first name/i)).toHaveValue('Ada');
      expect(screen.getByLabelText(/^last name/i)).toHaveValue('Lovelace');
      expect(screen.getByLabelText(/^display name/i)).toHaveValue('Countess');
      expect(screen.getByLabelText(/^bio/i)).toHaveValue('');
      expect(screen.getByLabelText(/^email/i)).toHaveValue('ada@example.com');
      expect(screen.getByLabelText(/^email/i)).toHaveAttribute('readonly');
    });

    it('saves the edited fields and says so', async () => {
      const saved = { ...ada, last_name: 'Byron', bio: 'Analyst' };
      const update = jest.spyOn(accountApi, 'updateProfile').mockResolvedValue(saved);
      const person = userEvent.setup();
      const { store } = renderApp('/account-settings', signedIn());
      const lastName = await screen.findByLabelText(/^last name/i);
      await person.clear(lastName);
      await person.type(lastName, 'Byron');
      await person.type(screen.getByLabelText(/^bio/i), 'Analyst');
      await person.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
      expect(update).toHaveBeenCalledWith('token', {
        first_name: 'Ada',
        last_name: 'Byron',
        display_name: 'Countess',
        bio: 'Analyst',
      });
      expect(store.getState().auth.user).toEqual(saved);
    });

    it('asks for the names', async () => {
      const update = jest.spyOn(accountApi, 'updateProfile');
      const person = userEvent.setup();
      renderApp('/account-settings', signedIn());
      await person.clear(await screen.findByLabelText(/^first name/i));
      await person.clear(screen.getByLabelText(/^last name/i));
      await person.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText(VALIDATION.firstNameRequired)).toBeInTheDocument();
      expect(screen.getByText(VALIDATION.lastNameRequired)).toBeInTheDocument();
      expect(update).not.toHaveBeenCalled();
    });

    it('says so when saving fails', async () => {
      jest.spyOn(accountApi, 'updateProfile').mockRejectedValue(new TypeError('Failed to fetch'));
      const person = userEvent.setup();
      renderApp('/account-settings', signedIn());
      await person.click(await screen.findByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
    });

    it('shows a spinner while the user loads', async () => {
      jest.spyOn(authApi, 'me').mockReturnValue(new Promise(() => undefined));
      renderApp('/account-settings', signedIn({ user: null, userStatus: 'idle', userFetchedAt: null }));
      expect(await screen.findByRole('progressbar', { name: 'Loading profile' })).toBeInTheDocument();
      expect(screen.queryByLabelText(/^first name/i)).not.toBeInTheDocument();
    });

    it('says so when the user cannot be loaded', async () => {
      jest.spyOn(authApi, 'me').mockRejectedValue(new ApiError('Failed to fetch user', 500));
      renderApp('/account-settings', signedIn({ user: null, userStatus: 'idle', userFetchedAt: null }));
      expect(await screen.findByText('Failed to fetch user profile.')).toBeInTheDocument();
      expect(screen.getByText('Could not load user profile.')).toBeInTheDocument();
    });
  });

  describe('Security', () => {
    const field = (label: RegExp) => screen.getByLabelText(label);
    const current = () => field(/^current password/i);
    const next = () => field(/^new password/i);
    const confirm = () => field(/^confirm new password/i);

    it('reveals each password with its own toggle', async () => {
      const { person } = await openTab('Security');
      for (const [name, input] of [
        ['current password', current],
        ['new password', next],
        ['confirm new password', confirm],
      ] as const) {
        const others = [current, next, confirm].filter((other) => other !== input);
        await person.click(screen.getByRole('button', { name: `Show ${name}` }));
        expect(input()).toHaveAttribute('type', 'text');
        for (const other of others) expect(other()).toHaveAttribute('type', 'password');
        await person.click(screen.getByRole('button', { name: `Hide ${name}` }));
        expect(input()).toHaveAttribute('type', 'password');
      }
    });

    it('asks for the current password and a long enough new one', async () => {
      const change = jest.spyOn(accountApi, 'changePassword');
      const { person } = await openTab('Security');
      await person.type(next(), 'short');
      await person.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText(VALIDATION.currentPasswordRequired)).toBeInTheDocument();
      expect(screen.getByText(VALIDATION.newPasswordMin)).toBeInTheDocument();
      expect(change).not.toHaveBeenCalled();
    });

    it('refuses a new password of only spaces', async () => {
      const change = jest.spyOn(accountApi, 'changePassword');
      const { person } = await openTab('Security');
      await person.type(current(), 'old-password');
      await person.type(next(), ' '.repeat(8));
      await person.type(confirm(), ' '.repeat(8));
      await person.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText(VALIDATION.passwordOnlySpaces)).toBeInTheDocument();
      expect(change).not.toHaveBeenCalled();
    });

    it('asks for matching new passwords', async () => {
      const { person } = await openTab('Security');
      await person.type(current(), 'old-password');
      await person.type(next(), 'new-password-1');
      await person.type(confirm(), 'new-password-2');
      await person.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText(VALIDATION.newPasswordsMismatch)).toBeInTheDocument();
    });

    it('changes the password, says so and clears the form', async () => {
      const change = jest.spyOn(accountApi, 'changePassword').mockResolvedValue({ message: 'ok' });
      const { person } = await openTab('Security');
      await person.type(current(), 'old-password');
      await person.type(next(), 'new-password-1');
      await person.type(confirm(), 'new-password-1');
      await person.click(screen.getByRole('button', { name: 'Change password' }));

      expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
      expect(change).toHaveBeenCalledWith('token', { currentPassword: 'old-password', newPassword: 'new-password-1' });
      await waitFor(() => expect(current()).toHaveValue(''));
      expect(next()).toHaveValue('');
      expect(confirm()).toHaveValue('');
    });

    it("puts the server's complaint on the current password field", async () => {
      mockApi({
        ...otherRequests,
        'POST /auth/change-password': () =>
          apiError(400, 'Current password is incorrect.', 'VALIDATION', 'currentPassword'),
      });
      const { person } = await openTab('Security');
      await person.type(current(), 'wrong-password');
      await person.type(next(), 'new-password-1');
      await person.type(confirm(), 'new-password-1');
      await person.click(screen.getByRole('button', { name: 'Change password' }));

      await waitFor(() => expect(current()).toHaveAccessibleDescription('Current password is incorrect.'));
      expect(current()).toHaveAttribute('aria-invalid', 'true');
      expect(next()).toHaveValue('new-password-1');
    });

    it("puts the server's refusal of a common password on the new password field", async () => {
      jest
        .spyOn(accountApi, 'changePassword')
        .mockRejectedValue(new ApiError(VALIDATION.passwordTooCommon, 422, 'validation_failed', 'newPassword'));
      const { person } = await openTab('Security');
      await person.type(current(), 'old-password');
      await person.type(next(), 'password1');
      await person.type(confirm(), 'password1');
      await person.click(screen.getByRole('button', { name: 'Change password' }));

      await waitFor(() => expect(next()).toHaveAccessibleDescription(VALIDATION.passwordTooCommon));
      expect(next()).toHaveAttribute('aria-invalid', 'true');
      expect(current()).toHaveAttribute('aria-invalid', 'false');
    });

    it('falls back to a general message', async () => {
      jest.spyOn(accountApi, 'changePassword').mockRejectedValue(new TypeError('Failed to fetch'));
      const { person } = await openTab('Security');
      await person.type(current(), 'old-password');
      await person.type(next(), 'new-password-1');
      await person.type(confirm(), 'new-password-1');
      await person.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await within(screen.getByRole('tabpanel')).findByRole('alert')).toHaveTextContent(
        'Failed to change password.',
      );
    });
  });

  describe('Verification', () => {
    it('says a verified address is verified, with nothing to resend', async () => {
      await openTab('Verification', signedIn({ user: { ...ada, is_verified: true } }));
      expect(await screen.findByText(/is verified/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
    });

    it('resends the verification mail for an unverified address', async () => {
      const resend = jest.spyOn(accountApi, 'resendVerification').mockResolvedValue({ message: 'ok' });
      const { person } = await openTab('Verification');
      expect(screen.getByText(/is not verified/)).toBeInTheDocument();
      await person.click(screen.getByRole('button', { name: 'Resend Email' }));

      expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
      expect(screen.getByText('Please check your inbox and spam folder.')).toBeInTheDocument();
      expect(resend).toHaveBeenCalledWith('ada@example.com');
    });

    it('says so when resending fails', async () => {
      jest.spyOn(accountApi, 'resendVerification').mockRejectedValue(new ApiError('Too many requests.', 429));
      const { person } = await openTab('Verification');
      await person.click(screen.getByRole('button', { name: 'Resend Email' }));
      expect(await screen.findByText('Failed to send verification email')).toBeInTheDocument();
      expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    });
  });

  describe('Danger Zone', () => {
    const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
    const confirmation = () => screen.getByRole('textbox', { name: /type 'delete' to confirm/i });

    async function startDeletion(state?: Partial<RootState>) {
      const view = await openTab('Danger Zone', state);
      await view.person.click(screen.getByRole('button', { name: 'Delete Account' }));
      return view;
    }

    it('asks for the word delete before the confirm button works', async () => {
      const { person } = await startDeletion();
      expect(confirmButton()).toBeDisabled();
      await person.type(confirmation(), 'delet');
      expect(confirmButton()).toBeDisabled();
      await waitFor(() => expect(confirmation()).toHaveAttribute('aria-invalid', 'true'));
      expect(confirmation()).toHaveAccessibleDescription(VALIDATION.deleteConfirm);
      await person.type(confirmation(), 'e');
      expect(confirmButton()).toBeEnabled();
      await waitFor(() => expect(confirmation()).toHaveAttribute('aria-invalid', 'false'));
      expect(confirmation()).not.toHaveAccessibleDescription(VALIDATION.deleteConfirm);
    });

    it.each(['delete', 'DELETE', 'Delete'])('accepts %s in any letter case', async (word) => {
      const { person } = await startDeletion();
      await person.type(confirmation(), word);
      expect(confirmButton()).toBeEnabled();
    });

    it.each(['delete ', 'remove', 'deleted'])('refuses %j', async (word) => {
      const { person } = await startDeletion();
      await person.type(confirmation(), word);
      expect(confirmButton()).toBeDisabled();
    });

    it('goes back to the delete button on cancel', async () => {
      const { person } = await startDeletion();
      await person.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /type 'delete' to confirm/i })).not.toBeInTheDocument();
    });

    it('deletes the account, says so, then logs out and forgets the token', async () => {
      window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
      const remove = jest.spyOn(accountApi, 'deleteAccount').mockResolvedValue({ message: 'ok' });
      jest.spyOn(authApi, 'logout').mockRejectedValue(new ApiError('Unauthorized', 401));
      const { person, router, store } = await startDeletion();
      await person.type(confirmation(), 'DELETE');
      await person.click(confirmButton());

      expect(await screen.findByText('Account Deleted')).toBeInTheDocument();
      expect(remove).toHaveBeenCalledWith('token');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      expect(store.getState().auth.status).toBe('anonymous');
      expect(store.getState().account.deletion.status).toBe('idle');
    });

    it('says so when the deletion fails and stays on the page', async () => {
      jest.spyOn(accountApi, 'deleteAccount').mockRejectedValue(new TypeError('Failed to fetch'));
      const logout = jest.spyOn(authApi, 'logout');
      const { person, router } = await startDeletion();
      await person.type(confirmation(), 'delete');
      await person.click(confirmButton());

      expect(await within(screen.getByRole('tabpanel')).findByRole('alert')).toHaveTextContent(
        'Failed to delete account.',
      );
      expect(screen.getAllByText('Failed to delete account.')).toHaveLength(2);
      expect(router.state.location.pathname).toBe('/account-settings');
      expect(logout).not.toHaveBeenCalled();
    });
  });
});
