import { createTheme, type PaletteMode, type Theme, type ThemeOptions } from '@mui/material/styles';

export const THEME_STORAGE_KEY = 'theme';

export function readStoredThemeMode(storage: Pick<Storage, 'getItem'> = window.localStorage): PaletteMode {
  return storage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

/**
 * WhatsApp's teal, a shade darker than #128C7E (4.14:1 on white) so that primary text, outlined
 * buttons and links reach WCAG AA's 4.5:1 on white (5.0:1) and on the page background (4.7:1).
 */
const brand = { main: '#0F7D71', light: '#25D366', dark: '#075E54', contrastText: '#ffffff' };

/**
 * The keyboard's focus ring (WCAG 2.4.7, 2.4.11): the primary colour, 3:1 or more on the page and on paper in both
 * themes (light 4.7:1, dark 9:1), outside the control so that a filled button's own colour does not hide it. Items of
 * a list or a menu draw it inside, where their container's edge would cut it.
 */
const focusRing = (color: string, offsetPx: number) => ({
  outline: `2px solid ${color}`,
  outlineOffset: offsetPx,
});

function focusRings(mode: PaletteMode): ThemeOptions['components'] {
  const color = mode === 'dark' ? '#25D366' : brand.main;
  return {
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, summary:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible': focusRing(color, 2),
        // A region focused by the skip link or by a page's own script is not a control: no ring around it.
        '[tabindex="-1"]:focus': { outline: 'none' },
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(color, 2) } } },
    MuiLink: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': focusRing(color, 2) } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(color, -2) } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(color, -2) } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(color, -2) } } },
  };
}

export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    components: focusRings(mode),
    palette:
      mode === 'dark'
        ? {
            mode,
            primary: { ...brand, main: '#25D366', contrastText: '#0b1f17' },
            secondary: { main: '#53bdeb' },
            // MUI's dark red (#f44336) picks white text, 3.7:1 on an error chip; black on it is 5.7:1.
            error: { main: '#f44336', contrastText: '#000000' },
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
