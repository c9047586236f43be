import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeToggled } from '../../../../src/features/theme/slice';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { setupStore } from '../../../../src/store';
import { readStoredThemeMode, THEME_STORAGE_KEY } from '../../../../src/theme';
import { json, mockApi, pending } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

describe('theme', () => {
  it('reads the stored preference, light unless it says dark', () => {
    expect(readStoredThemeMode()).toBe('light');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readStoredThemeMode()).toBe('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredThemeMode()).toBe('light');
  });

  it('persists each toggle under the theme key', () => {
    const store = setupStore();
    store.dispatch(themeToggled());
    expect(store.getState().theme.mode).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    store.dispatch(themeToggled());
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('switches the palette from the header toggle', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockApi({
      'GET /users/me': () => json(aUser()),
      'GET /whatsapp/status': () => json({ isConnected: true }),
      'GET /dashboard/summary': pending,
      'GET /dashboard/activity': pending,
    });
    const { store } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle dark mode' }));
    expect(store.getState().theme.mode).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(11, 20, 26)');
  });
});
