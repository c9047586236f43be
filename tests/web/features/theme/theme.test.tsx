import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeToggled } from '../../../../src/features/theme/slice';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { setupStore } from '../../../../src/store';
import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme, readStoredThemeMode, THEME_STORAGE_KEY } from '../../../../src/theme';
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

describe.each(['light', 'dark'] as const)('the %s palette', (mode) => {
  const { palette } = createAppTheme(mode);
  const AA = 4.5;

  it('gives primary text and outlined buttons 4.5:1 on the paper and the page background', () => {
    expect(getContrastRatio(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.main, palette.background.default)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(AA);
  });

  it("gives error chips ('Rejected', 'Not delivered') 4.5:1, filled and outlined", () => {
    expect(getContrastRatio(palette.error.contrastText, palette.error.main)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.error.main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });

  it('draws a 2 px keyboard focus ring on every button, 3:1 on the paper and the page background', () => {
    const focused = createAppTheme(mode).components?.MuiButtonBase?.styleOverrides?.root as Record<
      string,
      { outline: string }
    >;
    const [width, style, color] = focused['&.Mui-focusVisible'].outline.split(' ');
    expect([width, style]).toEqual(['2px', 'solid']);
    expect(getContrastRatio(color, palette.background.paper)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(color, palette.background.default)).toBeGreaterThanOrEqual(3);
  });

  it("gives warning chips ('Needs you', 'Sandbox') 4.5:1, filled and outlined", () => {
    expect(getContrastRatio(palette.warning.contrastText, palette.warning.main)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.warning.main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });
});
