import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { cardListSx, column, sectionHeadingSx } from './styles';

/** A Material icon's shapes, drawn as MUI's SvgIcon draws them (24 × 24, the text's colour). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" focusable="false" aria-hidden>
      {children}
    </svg>
  );
}

interface Highlight {
  title: string;
  text: string;
  icon?: ReactNode;
}

const FEATURES: Highlight[] = [
  {
    title: 'Messaging Automation',
    text: 'Answer routine questions, confirm details and follow up on your WhatsApp Business number automatically, day and night.',
    icon: (
      <Icon>
        <path d="M21 6h-2v9H6v2c0 .55.45 1 1 1h11l4 4V7c0-.55-.45-1-1-1m-4 6V3c0-.55-.45-1-1-1H3c-.55 0-1 .45-1 1v14l4-4h10c.55 0 1-.45 1-1" />
      </Icon>
    ),
  },
  {
    title: 'AI-Powered Responses',
    text: 'Replies written by the model you choose and grounded in your own documents, in the tone you set.',
    icon: (
      <Icon>
        <path d="m19 9 1.25-2.75L23 5l-2.75-1.25L19 1l-1.25 2.75L15 5l2.75 1.25zm-7.5.5L9 4 6.5 9.5 1 12l5.5 2.5L9 20l2.5-5.5L17 12zM19 15l-1.25 2.75L15 19l2.75 1.25L19 23l1.25-2.75L23 19l-2.75-1.25z" />
      </Icon>
    ),
  },
  {
    title: 'Real-Time Management',
    text: 'Follow every conversation as it happens, reply by hand at any moment and pick up escalations the moment they arrive.',
    icon: (
      <Icon>
        <path d="M21 12.22C21 6.73 16.74 3 12 3c-4.69 0-9 3.65-9 9.28-.6.34-1 .98-1 1.72v2c0 1.1.9 2 2 2h1v-6.1c0-3.87 3.13-7 7-7s7 3.13 7 7V19h-8v2h8c1.1 0 2-.9 2-2v-1.22c.59-.31 1-.92 1-1.64v-2.3c0-.7-.41-1.31-1-1.62" />
        <circle cx="9" cy="13" r="1" />
        <circle cx="15" cy="13" r="1" />
        <path d="M18 11.03C17.52 8.18 15.04 6 12.05 6c-3.03 0-6.29 2.51-6.03 6.45 2.47-1.01 4.33-3.21 4.86-5.89 1.31 2.63 4 4.44 7.12 4.47" />
      </Icon>
    ),
  },
  {
    title: 'Customer Analytics',
    text: 'See message volume, AI response rate, response times and escalations, and learn what your customers ask most.',
    icon: (
      <Icon>
        <path d="M21 8c-1.45 0-2.26 1.44-1.93 2.51l-3.55 3.56c-.3-.09-.74-.09-1.04 0l-2.55-2.55C12.27 10.45 11.46 9 10 9c-1.45 0-2.27 1.44-1.93 2.52l-4.56 4.55C2.44 15.74 1 16.55 1 18c0 1.1.9 2 2 2 1.45 0 2.26-1.44 1.93-2.51l4.55-4.56c.3.09.74.09 1.04 0l2.55 2.55C12.73 16.55 13.54 18 15 18c1.45 0 2.27-1.44 1.93-2.52l3.56-3.55c1.07.33 2.51-.48 2.51-1.93 0-1.1-.9-2-2-2" />
        <path d="m15 9 .94-2.07L18 6l-2.06-.93L15 3l-.92 2.07L12 6l2.08.93zM3.5 11 4 9l2-.5L4 8l-.5-2L3 8l-2 .5L3 9z" />
      </Icon>
    ),
  },
];

const REASONS: Highlight[] = [
  {
    title: '24/7 Support',
    text: 'Customers get a helpful answer within moments, at any hour, even when your team is asleep.',
  },
  {
    title: 'Intelligent Escalation',
    text: 'Complex or sensitive issues are handed to a human agent, with the whole conversation in view, and handed back when solved.',
  },
  {
    title: 'Easy Setup',
    text: "Connect your number through Meta's guided signup in a few minutes and run everything from one dashboard.",
  },
];

function HighlightCard({ title, text, icon }: Highlight) {
  return (
    <Box
      component="li"
      sx={{
        height: '100%',
        p: 3,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...(!icon && { borderTop: 3, borderTopColor: 'primary.main' }),
      }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={(theme) => ({
            display: 'inline-flex',
            p: 1.25,
            mb: 2,
            borderRadius: 2,
            color: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
          })}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

/** What Threadline does: four features, each with its icon. */
export function FeaturesSection() {
  return (
    <Box component="section" sx={{ ...column('lg'), py: { xs: 6, md: 10 } }}>
      <Typography variant="h4" component="h2" align="center" sx={sectionHeadingSx}>
        Everything you need to run customer conversations
      </Typography>
      <Box
        component="ul"
        role="list"
        sx={{ ...cardListSx, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        {FEATURES.map((feature) => (
          <HighlightCard key={feature.title} {...feature} />
        ))}
      </Box>
    </Box>
  );
}

/** Why choose it: three reasons, on the paper-coloured band. */
export function ReasonsSection() {
  return (
    <Box
      component="section"
      sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={column('lg')}>
        <Typography variant="h4" component="h2" align="center" sx={sectionHeadingSx}>
          Why Choose Threadline
        </Typography>
        <Box
          component="ul"
          role="list"
          sx={{ ...cardListSx, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        >
          {REASONS.map((reason) => (
            <HighlightCard key={reason.title} {...reason} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
