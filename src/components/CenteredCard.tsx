import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import PageTitle from './PageTitle';

export interface CenteredCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the title, e.g. a status icon. */
  icon?: ReactNode;
  children?: ReactNode;
}

/** The frame of the signed-out account pages: one card in the middle of the screen. */
export default function CenteredCard({ title, subtitle, icon, children }: CenteredCardProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {icon && <Box sx={{ display: 'flex', justifyContent: 'center' }}>{icon}</Box>}
          <Box sx={{ textAlign: icon ? 'center' : 'left' }}>
            <PageTitle title={title} />
            <Typography variant="h5" component="h1" gutterBottom={Boolean(subtitle)}>
              {title}
            </Typography>
            {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

export interface CenteredCardLinkProps {
  to: string;
  children: ReactNode;
}

/** The way on from a signed-out account page ('Back to login'), centred under the card's content. */
export function CenteredCardLink({ to, children }: CenteredCardLinkProps) {
  return (
    <Link component={RouterLink} to={to} sx={{ alignSelf: 'center' }}>
      {children}
    </Link>
  );
}

export interface CenteredCardSubmitProps {
  label: string;
  /** Shown instead of `label` while the request runs. */
  busyLabel: string;
  busy: boolean;
  /** Defaults to `busy`. */
  disabled?: boolean;
}

/** The submit button of a signed-out account page's form. */
export function CenteredCardSubmit({ label, busyLabel, busy, disabled = busy }: CenteredCardSubmitProps) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={disabled}>
      {busy ? busyLabel : label}
    </Button>
  );
}
