import MuiLink from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const SUPPORT_EMAIL = 'support@threadline.app';

const to = (path: string, text: string) => (
  <MuiLink component={Link} to={path}>
    {text}
  </MuiLink>
);

interface HelpStep {
  title: string;
  body: ReactNode;
}

/** Getting started, in the order an owner goes through it. */
export const GETTING_STARTED: readonly HelpStep[] = [
  {
    title: 'Connect WhatsApp',
    body: (
      <>
        Open {to('/onboarding', 'the setup')} (or &lsquo;Connect WhatsApp&rsquo; on the dashboard) and follow
        Meta&apos;s signup window to choose your WhatsApp Business account and phone number. Once it is done the
        dashboard&apos;s status card reads &lsquo;Manage Connection&rsquo; and {to('/whatsapp', 'the WhatsApp page')}{' '}
        shows your number, its quality rating and whether messages reach Threadline.
      </>
    ),
  },
  {
    title: 'Create an agent',
    body: (
      <>
        On {to('/agents', 'Agents')}, choose &lsquo;Create agent&rsquo;, give it a name, instructions and a model, and
        set it active. Models from a provider need that provider&apos;s API key; the model
        &lsquo;local/knowledge-base&rsquo; needs none and answers with the best-matching passages of your documents.
        Creating and editing agents needs a verified email address.
      </>
    ),
  },
  {
    title: 'Upload documents',
    body: (
      <>
        Open your agent and choose &lsquo;Upload&rsquo;. PDF, text files and images (JPG, PNG) of up to 25 MB each are
        accepted, up to 10 at a time. The agent answers only from what these documents say, so add your prices, opening
        hours, policies and frequent questions.
      </>
    ),
  },
  {
    title: 'Test from the sandbox phone',
    body: (
      <>
        Without a Meta app configured, Threadline runs a WhatsApp sandbox: a &lsquo;Sandbox&rsquo; chip shows in the
        header. Click it to open the customer phone, write to your business number as a customer would, and watch the
        agent answer; the conversation appears in {to('/messages', 'Messages')}, where you can reply yourself.
      </>
    ),
  },
];

/** How a conversation moves between the AI and a person. */
export const HANDOVER_POINTS: readonly ReactNode[] = [
  'Each conversation is owned either by the AI or by you. While the AI owns it, it answers every customer message after a short pause, so that a burst of messages gets one answer.',
  'The AI hands a conversation over to you when the customer asks for a person, when the model decides a person should answer, when your documents do not cover the question, or when the model cannot be reached or its API key is refused.',
  'You are told at once: the bell in the header lists every open hand-over and links to its conversation, and the dashboard shows it under Recent Activity.',
  'When you reply yourself, the conversation stays with you and the AI stays quiet. Choose ‘Hand back to AI’ in the conversation when the AI may answer again.',
  'Questions the AI handed over for lack of knowledge are listed under ‘Unanswered questions’ on Analytics: the list of what to add to your documents.',
];

interface FaqEntry {
  question: string;
  answer: ReactNode;
}

export const FAQ: readonly FaqEntry[] = [
  {
    question: 'Which model should my agent use?',
    answer:
      'Any model offered on the agent form works. Start with a small, fast model from your provider; ‘local/knowledge-base’ is free and private but only quotes your documents.',
  },
  {
    question: 'Will the AI make things up?',
    answer:
      'The agent answers from your documents and what it remembers about each customer. When nothing it knows fits the question, it hands the conversation over to you instead of guessing.',
  },
  {
    question: 'Can I see what the AI based an answer on?',
    answer: 'Yes. In Messages, an AI answer shows the passages of your documents it used.',
  },
  {
    question: 'How are the dashboard and analytics figures computed?',
    answer: (
      <>
        From your own conversations, in your browser&apos;s time zone. The dashboard covers the last 24 hours and
        compares them with the 24 hours before; {to('/analytics', 'Analytics')} covers the range you choose and can
        export its messages as CSV or JSON. A customer message counts as answered by the AI when the AI replied before
        the customer wrote again (the notice sent on a hand-over is not an answer), and the response time runs from the
        customer&apos;s message to the first answer, by the AI or by you.
      </>
    ),
  },
  {
    question: 'How do I export my conversations?',
    answer:
      'Use ‘Export Chat Data’ on the dashboard (the last 30 days, as CSV) or the export buttons on Analytics for any range.',
  },
  {
    question: 'How do I disconnect my number or delete my account?',
    answer: (
      <>
        Disconnect on {to('/whatsapp', 'the WhatsApp page')} (Danger Zone). Delete your account under{' '}
        {to('/account-settings', 'Account Settings')}, Danger Zone; this removes your data.
      </>
    ),
  },
];

interface TroubleshootingEntry {
  /** The message as Threadline shows it. */
  error: string;
  fix: string;
}

/** SPEC.md §8's connection errors, with what to do about each. */
export const TROUBLESHOOTING: readonly TroubleshootingEntry[] = [
  {
    error: 'WhatsApp setup was cancelled. Please try again.',
    fix: 'The signup window was closed before it finished. Start the setup again and complete every step in Meta’s window.',
  },
  {
    error: 'WhatsApp setup error: …',
    fix: 'Meta reported a problem during signup. Read the message, fix it in Meta Business Suite if it names your account, then try again.',
  },
  {
    error: 'Facebook SDK not initialized. Please refresh the page.',
    fix: 'Meta’s script did not load, often because of an ad or tracking blocker. Allow facebook.com for this site and reload the page.',
  },
  {
    error: 'Failed to launch WhatsApp setup. Please try again.',
    fix: 'Your browser blocked the signup popup. Allow popups for this site and try again.',
  },
  {
    error: 'Missing WhatsApp configuration data. Please try again.',
    fix: 'The signup finished without choosing a WhatsApp Business account and phone number. Go through it again and pick both.',
  },
  {
    error: 'Failed to complete setup: …',
    fix: 'The signup code could not be exchanged for access. The code is short-lived: start the setup again right away.',
  },
  {
    error: 'WhatsApp Business Account not found. Your phone numbers may have been removed.',
    fix: 'The number or account was removed in Meta Business Suite. Disconnect on the WhatsApp page and connect again.',
  },
  {
    error: 'WhatsApp access token expired. Please reconnect your account.',
    fix: 'Meta no longer accepts Threadline’s access. Disconnect on the WhatsApp page and connect again.',
  },
  {
    error: 'Connection issue: …',
    fix: 'Meta refused access (expired, removed or missing permissions). Check the app’s permissions in Meta Business Suite, then reconnect.',
  },
  {
    error: 'Failed to fetch WhatsApp data.',
    fix: 'Threadline could not be reached or answered with an error. Check your internet connection and use Refresh on the WhatsApp page.',
  },
];
