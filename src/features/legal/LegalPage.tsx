import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import PageTitle from '../../components/PageTitle';

export const LEGAL_LAST_UPDATED = 'July 28, 2025';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The link to the other legal page, shown again at the end. */
  seeAlso: ReactNode;
}

/** The layout both Terms and Privacy share: title, date, numbered sections, and the way onward. */
export default function LegalPage({ title, intro, sections, seeAlso }: LegalPageProps) {
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Button component={Link} to="/" sx={{ ml: -1, mb: 3 }}>
        Back to Home
      </Button>
      <PageTitle title={title} />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '2.5rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Last updated: {LEGAL_LAST_UPDATED}
      </Typography>
      <Typography sx={{ mt: 3 }}>{intro}</Typography>
      <Box
        sx={{
          typography: 'body1',
          '& p': { mt: 0, mb: 2 },
          '& ul': { mt: 0, mb: 2, pl: 3 },
          '& li': { mb: 0.5 },
        }}
      >
        {sections.map((section) => (
          <Box component="section" key={section.id} aria-labelledby={section.id} sx={{ mt: 4 }}>
            <Typography id={section.id} variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
              {section.heading}
            </Typography>
            {section.body}
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 4 }} />
      <Typography color="text.secondary">
        See also our {seeAlso}. Ready to start?{' '}
        <MuiLink component={Link} to="/register">
          Create your account
        </MuiLink>
        .
      </Typography>
    </Container>
  );
}
