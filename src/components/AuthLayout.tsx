import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface AuthLayoutProps {
  title: string;
  /** The line under the title, e.g. the way to the other form. */
  subtitle: ReactNode;
  cardTitle: string;
  cardSubtitle?: string;
  children: ReactNode;
}

/** The frame of the sign-in and registration pages: a title, then the form in a card. */
export default function AuthLayout({ title, subtitle, cardTitle, cardSubtitle, children }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 6,
      }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
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
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
