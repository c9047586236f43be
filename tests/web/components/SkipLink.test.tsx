import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIN_CONTENT_ID, SKIP_LINK_TEXT } from '../../../src/components/SkipLink';
import { json, mockApi, pending } from '../support/api-mock';
import { renderApp } from '../support/render';
import { aUser, signedInState } from '../support/users';

/** WCAG 2.4.1: the first tab stop of the signed-in shell and of the sign-in form skips to the page itself. */

afterEach(() => jest.restoreAllMocks());

async function expectSkipLinkFirst(pageHeading: string) {
  expect(await screen.findByRole('heading', { level: 1, name: pageHeading })).toBeInTheDocument();
  // From the top of the document (the sign-in form puts focus in its first field; this is the next visit's start).
  act(() => (document.activeElement as HTMLElement | null)?.blur());
  await userEvent.tab();
  const skip = screen.getByRole('link', { name: SKIP_LINK_TEXT });
  expect(skip).toHaveFocus();
  expect(skip).toHaveAttribute('href', `#${MAIN_CONTENT_ID}`);
  await userEvent.keyboard('{Enter}');
  const main = screen.getByRole('main');
  expect(main).toHaveAttribute('id', MAIN_CONTENT_ID);
  expect(main).toHaveFocus();
  // The next tab stop is inside the page, past the navigation and the header.
  await userEvent.tab();
  expect(main).toContainElement(document.activeElement as HTMLElement);
}

describe('the skip link', () => {
  it('comes first in the signed-in shell and moves focus to the page', async () => {
    mockApi({
      'GET /users/me': () => json(aUser()),
      'GET /whatsapp/status': () => json({ isConnected: true }),
      'GET /messages/unread': () => json({ unread_conversations: 0 }),
      'GET /templates?sync=true': pending,
    });
    renderApp('/templates', signedInState());
    await expectSkipLinkFirst('Templates');
  });

  it('comes first on the sign-in page and moves focus to the form', async () => {
    mockApi({});
    renderApp('/login');
    await expectSkipLinkFirst('Sign in to your account');
  });
});
