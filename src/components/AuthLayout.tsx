import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import PageTitle from './PageTitle';
import SkipLink, { mainContentProps } from './SkipLink';

/**
 * How the sign-in and registration forms validate: on typing and on submit, not on blur. An error
 * appearing on blur shifts the links below the field while they are being clicked, and the click
 * lands on nothing.
 */
export const AUTH_FORM_VALIDATION = { validateOnBlur: false } as const;

export interface AuthLayoutProps {
  title: string;
  /** The way to the other form, under the title: '{prompt} {label}', the label a link to `to`. */
  switchTo: { prompt: string; label: string; to: string };
  cardTitle: string;
  cardSubtitle?: string;
  /** The form's failure, above its fields; null when there is none to show. */
  error: string | null;
  submit: { label: string; busyLabel: string; busy: boolean };
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The form's fields. */
  children: ReactNode;
}

const FRAME = {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 3,
  px: 2,
  py: 6,
} as const;

/** The frame of the sign-in and registration pages: a title, then the form in a card. */
export default function AuthLayout({
  title,
  switchTo,
  cardTitle,
  cardSubtitle,
  error,
  submit,
  onSubmit,
  children,
}: AuthLayoutProps) {
  return (
    <>
      <SkipLink />
      <Box component="main" {...mainContentProps} sx={FRAME}>
        <Box sx={{ textAlign: 'center' }}>
          <PageTitle title={title} />
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">
            {switchTo.prompt}{' '}
            <MuiLink component={Link} to={switchTo.to}>
              {switchTo.label}
            </MuiLink>
          </Typography>
        </Box>
        <Card sx={{ width: '100%', maxWidth: 480 }}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h2" gutterBottom={Boolean(cardSubtitle)}>
              {cardTitle}
            </Typography>
            {cardSubtitle && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {cardSubtitle}
              </Typography>
            )}
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Stack spacing={2}>
                {error !== null && <Alert severity="error">{error}</Alert>}
                {children}
                <Button type="submit" variant="contained" size="large" disabled={submit.busy}>
                  {submit.busy ? submit.busyLabel : submit.label}
                </Button>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
