import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FAQ, GETTING_STARTED, HANDOVER_POINTS, SUPPORT_EMAIL, TROUBLESHOOTING } from './helpContent';
import PageTitle from '../../components/PageTitle';

export interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

function Section({ id, title, children }: SectionProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function GettingStarted() {
  return (
    <Section id="help-getting-started" title="Getting started">
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {GETTING_STARTED.map((step) => (
          <li key={step.title}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {step.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {step.body}
            </Typography>
          </li>
        ))}
      </Box>
    </Section>
  );
}

function HowHandoverWorks() {
  return (
    <Section id="help-handover" title="How hand-over works">
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {HANDOVER_POINTS.map((point, index) => (
          <Typography component="li" key={index} sx={{ mb: 1 }}>
            {point}
          </Typography>
        ))}
      </Box>
    </Section>
  );
}

function FrequentQuestions() {
  return (
    <Section id="help-faq" title="Frequently asked questions">
      {FAQ.map((entry) => (
        <Accordion key={entry.question} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h3">{entry.question}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary">{entry.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Section>
  );
}

function Troubleshooting() {
  return (
    <Section id="help-troubleshooting" title="Troubleshooting the connection">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What the messages shown while connecting or on the WhatsApp page mean, and what to do.
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {TROUBLESHOOTING.map((entry) => (
          <Box key={entry.error} sx={{ mb: 2 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {entry.error}
            </Typography>
            <Typography component="dd" color="text.secondary" sx={{ ml: 0 }}>
              {entry.fix}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function ContactSupport() {
  return (
    <Section id="help-support" title="Contact support">
      <Typography>
        Write to <MuiLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</MuiLink> with your account&apos;s email
        address and, for a connection problem, the exact message you saw.
      </Typography>
    </Section>
  );
}

/** /help (DESIGN.md §12): how to start, how hand-over works, answers, fixes and how to reach us. */
export default function HelpPage() {
  return (
    <Box component="section" sx={{ p: 3, maxWidth: 960 }}>
      <Stack spacing={3}>
        <Box>
          <PageTitle title="Help & Support" />
          <Typography variant="h4" component="h1" gutterBottom>
            Help &amp; Support
          </Typography>
          <Typography color="text.secondary">
            Everything you need to put your AI assistant on WhatsApp and keep it answering well.
          </Typography>
        </Box>
        <GettingStarted />
        <HowHandoverWorks />
        <FrequentQuestions />
        <Troubleshooting />
        <ContactSupport />
      </Stack>
    </Box>
  );
}
