import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOUR_STEPS } from '../../../../src/features/landing/DemoTour';
import LandingView, { type LandingViewProps } from '../../../../src/features/landing/LandingView';

type Status = LandingViewProps['status'];

/** Renders the view; answers the `navigate` it was given, which records where its links went. */
function renderLanding(status: Status) {
  const navigate = jest.fn<void, [string]>();
  render(<LandingView status={status} navigate={navigate} />);
  return navigate;
}

const topBar = () => within(screen.getByRole('banner'));

async function openTour() {
  await userEvent.click(screen.getByRole('button', { name: 'Watch Demo' }));
  return screen.findByRole('dialog', { name: 'A quick tour of Threadline' });
}

describe('LandingView', () => {
  describe('top bar', () => {
    it('shows a disabled Checking Status... button while the status loads', () => {
      renderLanding('loading');
      expect(topBar().getByRole('button', { name: 'Checking Status...' })).toBeDisabled();
      expect(topBar().queryByRole('link', { name: /get started|go to dashboard/i })).not.toBeInTheDocument();
    });

    it.each<[Status, string, string]>([
      ['connected', 'Go to Dashboard', '/dashboard'],
      ['disconnected', 'Get Started', '/register'],
      ['error', 'Get Started', '/register'],
    ])('when %s, offers %s linking to %s', (status, label, href) => {
      renderLanding(status);
      expect(topBar().getByRole('link', { name: label })).toHaveAttribute('href', href);
      expect(topBar().queryByText('Checking Status...')).not.toBeInTheDocument();
    });

    it('takes a connected owner to the dashboard', async () => {
      const navigate = renderLanding('connected');
      await userEvent.click(topBar().getByRole('link', { name: 'Go to Dashboard' }));
      expect(navigate).toHaveBeenCalledWith('/dashboard');
    });

    it('leaves a click that asks for another tab or window to the browser', () => {
      const navigate = renderLanding('disconnected');
      const link = topBar().getByRole('link', { name: 'Get Started' });
      // jsdom cannot open another tab: a listener stands in for the browser once the view has let go.
      for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
        link.addEventListener('click', (event) => event.preventDefault(), { once: true });
        fireEvent.click(link, init);
      }
      expect(navigate).not.toHaveBeenCalled();
      expect(fireEvent.click(link)).toBe(false);
      expect(navigate).toHaveBeenCalledWith('/register');
    });
  });

  describe('hero', () => {
    it('says what Threadline does under one h1', () => {
      renderLanding('disconnected');
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/WhatsApp Business/);
    });

    it.each<Status>(['disconnected', 'error'])('offers Connect WhatsApp Account and Watch Demo when %s', (status) => {
      renderLanding(status);
      expect(screen.getByRole('link', { name: 'Connect WhatsApp Account' })).toHaveAttribute('href', '/register');
      expect(screen.getByRole('button', { name: 'Watch Demo' })).toBeEnabled();
    });

    it.each<Status>(['loading', 'connected'])('hides both hero buttons when %s', (status) => {
      renderLanding(status);
      expect(screen.queryByRole('link', { name: 'Connect WhatsApp Account' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Watch Demo' })).not.toBeInTheDocument();
    });

    it('tells the visitor when the status check failed', () => {
      renderLanding('error');
      expect(screen.getByRole('alert')).toHaveTextContent('Could not check connection status. Please try again later.');
      expect(screen.queryByText('WhatsApp Account Connected Successfully!')).not.toBeInTheDocument();
    });

    it('confirms a connected account', () => {
      renderLanding('connected');
      expect(screen.getByRole('status')).toHaveTextContent('WhatsApp Account Connected Successfully!');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it.each<Status>(['loading', 'disconnected'])('shows no status message when %s', (status) => {
      renderLanding(status);
      expect(screen.queryByText('Could not check connection status. Please try again later.')).not.toBeInTheDocument();
      expect(screen.queryByText('WhatsApp Account Connected Successfully!')).not.toBeInTheDocument();
    });
  });

  describe('sections and footer', () => {
    it('shows the four feature cards', () => {
      renderLanding('disconnected');
      for (const feature of [
        'Messaging Automation',
        'AI-Powered Responses',
        'Real-Time Management',
        'Customer Analytics',
      ]) {
        expect(screen.getByRole('heading', { level: 3, name: feature })).toBeInTheDocument();
      }
    });

    it('explains Why Choose Threadline in three cards', () => {
      renderLanding('disconnected');
      const heading = screen.getByRole('heading', { level: 2, name: 'Why Choose Threadline' });
      const section = within(heading.closest('section') as HTMLElement);
      expect(section.getAllByRole('listitem')).toHaveLength(3);
      expect(section.getByRole('heading', { level: 3, name: '24/7 Support' })).toBeInTheDocument();
      expect(section.getByRole('heading', { level: 3, name: 'Intelligent Escalation' })).toBeInTheDocument();
      expect(section.getByRole('heading', { level: 3, name: 'Easy Setup' })).toBeInTheDocument();
    });

    it('links to the legal pages and shows © 2025 in the footer', () => {
      renderLanding('loading');
      const footer = within(screen.getByRole('contentinfo'));
      expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
      expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
      expect(footer.getByText('© 2025')).toBeInTheDocument();
    });
  });

  describe('demo tour', () => {
    it('opens on Watch Demo at the first step, with Back disabled', async () => {
      renderLanding('disconnected');
      const tour = within(await openTour());
      expect(tour.getByText(`Step 1 of ${TOUR_STEPS.length}`)).toBeInTheDocument();
      expect(tour.getByRole('heading', { name: TOUR_STEPS[0].title })).toBeInTheDocument();
      expect(tour.getByRole('button', { name: 'Back' })).toBeDisabled();
    });

    it('moves forward with Next and back with Back', async () => {
      renderLanding('disconnected');
      const tour = within(await openTour());
      await userEvent.click(tour.getByRole('button', { name: 'Next' }));
      expect(tour.getByText(`Step 2 of ${TOUR_STEPS.length}`)).toBeInTheDocument();
      expect(tour.getByRole('heading', { name: TOUR_STEPS[1].title })).toBeInTheDocument();
      await userEvent.click(tour.getByRole('button', { name: 'Back' }));
      expect(tour.getByRole('heading', { name: TOUR_STEPS[0].title })).toBeInTheDocument();
    });

    it('covers signup, agents, documents, inbox, hand-over and analytics in 5 to 6 steps', () => {
      expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(5);
      expect(TOUR_STEPS.length).toBeLessThanOrEqual(6);
      const tour = TOUR_STEPS.map((step) => `${step.title} ${step.text}`).join('\n');
      for (const topic of [/Embedded Signup/, /model/, /documents/, /inbox/, /hand it back/, /Analytics/]) {
        expect(tour).toMatch(topic);
      }
    });

    it('ends with Finish on the last step, which closes the tour', async () => {
      renderLanding('disconnected');
      const dialog = await openTour();
      const tour = within(dialog);
      for (let step = 1; step < TOUR_STEPS.length; step++) {
        await userEvent.click(tour.getByRole('button', { name: 'Next' }));
      }
      expect(tour.getByRole('heading', { name: TOUR_STEPS[TOUR_STEPS.length - 1].title })).toBeInTheDocument();
      expect(tour.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
      await userEvent.click(tour.getByRole('button', { name: 'Finish' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    });

    it('closes with the close button and starts over when opened again', async () => {
      renderLanding('error');
      const dialog = await openTour();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close tour' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());

      const reopened = within(await openTour());
      expect(reopened.getByText(`Step 1 of ${TOUR_STEPS.length}`)).toBeInTheDocument();
    });

    it('closes on Escape', async () => {
      renderLanding('disconnected');
      const dialog = await openTour();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    });
  });
});
