import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MobileStepper from '@mui/material/MobileStepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';

export interface DemoTourProps {
  open: boolean;
  onClose(): void;
}

interface TourStep {
  title: string;
  text: string;
}

/** The product in the order a new owner meets it, one screen per step. */
export const TOUR_STEPS: TourStep[] = [
  {
    title: 'Connect your WhatsApp Business number',
    text:
      "Start with Meta's Embedded Signup: a guided popup signs you in with your Meta business account, verifies " +
      'your phone number and links your WhatsApp Business account to Threadline. No developer work, no copying ' +
      'of tokens.',
  },
  {
    title: 'Create an AI agent and pick a model',
    text:
      'Name your agent, choose the model that writes its replies (OpenAI, Anthropic, Google, a model you host ' +
      'yourself, or the built-in knowledge-base responder that needs no API key) and tell it, in plain words, ' +
      'how to speak for your business.',
  },
  {
    title: 'Upload the documents it answers from',
    text:
      'Add price lists, FAQs, opening hours and policies as PDF, text or images. Threadline reads them, and your ' +
      'agent answers from what they say instead of guessing.',
  },
  {
    title: 'Read every conversation in one inbox',
    text:
      'Every chat lands in one inbox, with what the customer wrote and what the AI replied. Open any ' +
      'conversation and answer by hand whenever you want to.',
  },
  {
    title: 'Hand over, and hand back',
    text:
      'When a customer asks for a person, or the AI has nothing reliable to say, it passes the conversation to ' +
      'you and lets you know. Your replies keep it with you until you hand it back to the AI.',
  },
  {
    title: 'See how it is going',
    text:
      'Analytics show message volume, how many messages the AI answered, response times and escalations over ' +
      'time, so you know what customers ask and how quickly they get an answer.',
  },
];

/** 'Watch Demo': a short guided tour of the product, one step at a time. */
export default function DemoTour({ open, onClose }: DemoTourProps) {
  const [activeStep, setActiveStep] = useState(0);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const step = TOUR_STEPS[activeStep];
  const isLastStep = activeStep === TOUR_STEPS.length - 1;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      // Start from the first step next time, once the closing animation no longer shows this one.
      slotProps={{ transition: { onExited: () => setActiveStep(0) } }}
    >
      <DialogTitle sx={{ pr: 7 }}>A quick tour of Threadline</DialogTitle>
      <IconButton aria-label="Close tour" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ minHeight: { sm: 220 } }}>
        <Box aria-live="polite">
          <Typography variant="overline" component="p" color="text.secondary">
            Step {activeStep + 1} of {TOUR_STEPS.length}
          </Typography>
          <Typography variant="h6" component="h3" gutterBottom>
            {step.title}
          </Typography>
          <Typography color="text.secondary">{step.text}</Typography>
        </Box>
      </DialogContent>
      <MobileStepper
        variant="dots"
        steps={TOUR_STEPS.length}
        position="static"
        activeStep={activeStep}
        slotProps={{ dots: { 'aria-hidden': true } }}
        sx={{ px: 2, py: 1.5, bgcolor: 'transparent' }}
        backButton={
          <Button onClick={() => setActiveStep((current) => current - 1)} disabled={activeStep === 0}>
            Back
          </Button>
        }
        nextButton={
          isLastStep ? (
            <Button variant="contained" onClick={onClose}>
              Finish
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setActiveStep((current) => current + 1)}>
              Next
            </Button>
          )
        }
      />
    </Dialog>
  );
}
