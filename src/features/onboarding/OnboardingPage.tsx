import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSignupStatus } from './signupSlice';
import ConnectStep from './ConnectStep';
import {
  ONBOARDING_STEP_COUNT,
  onboardingBackClicked,
  onboardingClosed,
  onboardingNextClicked,
  onboardingOpened,
  onboardingSkipped,
  selectOnboardingProgress,
  selectOnboardingReconnecting,
  selectOnboardingStep,
} from './slice';
import WelcomeStep from './WelcomeStep';
import PageTitle from '../../components/PageTitle';

const FOOTER_HINT_ID = 'onboarding-footer-hint';
/** Under the footer on the connect step: the footer's button is not a second way to connect. */
export const FOOTER_HINT = "Meta's window opens from the Connect WhatsApp Business button above.";

export interface OnboardingHeaderProps {
  reconnecting: boolean;
  step: number;
  /** How far along, in percent. */
  progress: number;
}

/** The page's title, then which step this is and the progress bar. */
function OnboardingHeader({ reconnecting, step, progress }: OnboardingHeaderProps) {
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <WhatsAppIcon color="success" fontSize="large" />
        <PageTitle title={reconnecting ? 'Reconnect WhatsApp' : 'Connect WhatsApp'} />
        <Typography variant="h4" component="h1">
          {reconnecting ? 'Reconnect WhatsApp' : 'Connect WhatsApp'}
        </Typography>
      </Stack>
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="body2">{`Step ${step} of ${ONBOARDING_STEP_COUNT}`}</Typography>
          <Typography variant="body2" color="text.secondary">{`${progress}% Complete`}</Typography>
        </Stack>
        <LinearProgress variant="determinate" value={progress} aria-label="Onboarding progress" />
      </Box>
    </>
  );
}

export interface StepsNavProps {
  reconnecting: boolean;
  step: number;
}

/** The card's footer: back (or home), skip, and next (or the connect step's hint). */
function StepsNav({ reconnecting, step }: StepsNavProps) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector(selectSignupStatus) === 'in_progress';
  const isFirstStep = step === 1;
  const isLastStep = step === ONBOARDING_STEP_COUNT;
  return (
    <Box
      component="nav"
      aria-label="Onboarding steps"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        rowGap: 1,
        px: { xs: 2, md: 4 },
        pt: 1,
        pb: 3,
      }}
    >
      {isFirstStep ? (
        <Button component={Link} to="/">
          Back to Home
        </Button>
      ) : (
        <Button onClick={() => dispatch(onboardingBackClicked())} disabled={loading}>
          Back
        </Button>
      )}
      <Stack direction="row" spacing={1}>
        {!reconnecting && (
          <Button onClick={() => dispatch(onboardingSkipped())} disabled={loading}>
            Skip for now
          </Button>
        )}
        {isLastStep ? (
          // SPEC.md §2: this button does nothing itself; the connect button above does the work. It
          // is dressed as a step control, like Back, and says where the connecting happens.
          <Button variant="text" disabled={loading} aria-describedby={FOOTER_HINT_ID}>
            Connect My WhatsApp
          </Button>
        ) : (
          <Button variant="contained" onClick={() => dispatch(onboardingNextClicked())} disabled={loading}>
            Next
          </Button>
        )}
      </Stack>
      {isLastStep && (
        <Typography
          id={FOOTER_HINT_ID}
          variant="body2"
          color="text.secondary"
          sx={{ width: '100%', textAlign: 'right' }}
        >
          {FOOTER_HINT}
        </Typography>
      )}
    </Box>
  );
}

/** /onboarding: a welcome, then the connect step; `?reconnect=true` goes straight to connecting. */
export default function OnboardingPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const reconnect = searchParams.get('reconnect') === 'true';
  const step = useAppSelector(selectOnboardingStep);
  const progress = useAppSelector(selectOnboardingProgress);
  const reconnecting = useAppSelector(selectOnboardingReconnecting);
  const isFirstStep = step === 1;

  useEffect(() => {
    dispatch(onboardingOpened({ reconnect }));
    return () => {
      dispatch(onboardingClosed());
    };
  }, [dispatch, reconnect]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', py: { xs: 3, md: 6 }, bgcolor: 'background.default' }}>
      <Container maxWidth="md">
        <Stack spacing={3}>
          <OnboardingHeader reconnecting={reconnecting} step={step} progress={progress} />
          <Card>
            <CardContent sx={{ p: { xs: 2, md: 4 } }}>
              {isFirstStep ? <WelcomeStep /> : <ConnectStep reconnecting={reconnecting} />}
            </CardContent>
            <StepsNav reconnecting={reconnecting} step={step} />
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
