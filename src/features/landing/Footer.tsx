import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { appLink } from './appLink';
import type { LandingViewProps } from './types';
import { column, footerLinkSx } from './styles';

/** The year and the legal pages. */
export function Footer({ navigate }: Pick<LandingViewProps, 'navigate'>) {
  return (
    <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}>
      <Box
        sx={{
          ...column('lg'),
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          © 2025
        </Typography>
        <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 3 }}>
          <Typography component="a" {...appLink('/privacy', navigate)} variant="body2" sx={footerLinkSx}>
            Privacy Policy
          </Typography>
          <Typography component="a" {...appLink('/terms', navigate)} variant="body2" sx={footerLinkSx}>
            Terms & Conditions
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
