import type { Theme } from '@mui/material/styles';

export const sectionHeadingSx = {
  fontWeight: 700,
  fontSize: { xs: '1.75rem', md: '2.125rem' },
  mb: { xs: 4, md: 6 },
} as const;

/** What MUI's Container does: the page's column, centred, at most a breakpoint wide. */
export function column(maxWidth: 'md' | 'lg', gutters = true) {
  return { width: '100%', mx: 'auto', maxWidth, ...(gutters && { px: { xs: 2, sm: 3 } }) } as const;
}

export const footerLinkSx = {
  color: 'text.secondary',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

export const cardListSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 3,
} as const;

/**
 * MUI's contained and outlined buttons drawn with `sx` alone, as are the page's cards, bar and links:
 * Button brings ButtonBase, its ripple and its progress indicator (about 9 KB gzip) to a page whose
 * buttons are two links and a dialog opener.
 */
export function buttonSx(look: 'contained' | 'outlined', large = false) {
  return (theme: Theme) => ({
    ...theme.typography.button,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 64,
    px: large ? '21px' : '15px',
    py: large ? '7px' : '5px',
    fontSize: large ? '0.9375rem' : '0.875rem',
    border: 1,
    borderRadius: 1,
    cursor: 'pointer',
    textDecoration: 'none',
    transition: theme.transitions.create(['background-color', 'border-color'], {
      duration: theme.transitions.duration.short,
    }),
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
    ...(look === 'contained'
      ? {
          color: 'primary.contrastText',
          bgcolor: 'primary.main',
          borderColor: 'primary.main',
          '&:hover': { bgcolor: 'primary.dark', borderColor: 'primary.dark' },
        }
      : {
          color: 'primary.main',
          bgcolor: 'transparent',
          borderColor: theme.alpha(theme.palette.primary.main, 0.5),
          '&:hover': {
            borderColor: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
          },
        }),
    '&:disabled': {
      color: 'action.disabled',
      bgcolor: 'action.disabledBackground',
      borderColor: 'transparent',
      cursor: 'default',
    },
  });
}
