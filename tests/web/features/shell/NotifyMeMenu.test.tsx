import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { PUSH_DEVICE_TEXTS } from '../../../../src/features/shell/pushDeviceSlice';
import { json, mockApi, pending } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

function signedIn() {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /dashboard/summary': pending,
    'GET /dashboard/activity': pending,
  });
}

async function openNotifyMe() {
  await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
  return within(await screen.findByRole('menu', { name: 'Notify me' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('Notify me: this device when Threadline is closed', () => {
  it('is offered disabled, saying why, in a browser that cannot receive pushes', async () => {
    signedIn();
    renderApp('/dashboard');
    const menu = await openNotifyMe();
    const item = await menu.findByRole('menuitem', { name: PUSH_DEVICE_TEXTS.unsupported });
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });

  it('says it is on, and offers to turn it off, where this device is subscribed', async () => {
    signedIn();
    renderApp('/dashboard', { pushDevice: { status: 'on' } });
    const menu = await openNotifyMe();
    const item = menu.getByRole('menuitem', { name: PUSH_DEVICE_TEXTS.on });
    expect(item).not.toHaveAttribute('aria-disabled');
  });
});
