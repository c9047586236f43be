import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

export const THEME_STORAGE_KEY = 'theme';

export function readStoredThemeMode(storage: Pick<Storage, 'getItem'> = window.localStorage): PaletteMode {
  return storage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

/**
 * WhatsApp's teal, a shade darker than #128C7E (4.14:1 on white) so that primary text, outlined
 * buttons and links reach WCAG AA's 4.5:1 on white (5.0:1) and on the page background (4.7:1).
 */
const brand = { main: '#0F7D71', light: '#25D366', dark: '#075E54', contrastText: '#ffffff' };

export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    palette:
      mode === 'dark'
        ? {
            mode,
            primary: { ...brand, main: '#25D366', contrastText: '#0b1f17' },
            secondary: { main: '#53bdeb' },
            background: { default: '#0b141a', paper: '#111b21' },
          }
        : {
            mode,
            primary: brand,
            secondary: { main: '#34B7F1' },
            // MUI's orange (#ed6c02) gives white chip text and orange text on white 3.1:1; this one 5.0:1.
            warning: { main: '#b45309' },
            background: { default: '#f6f8f7', paper: '#ffffff' },
          },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
  });
}
