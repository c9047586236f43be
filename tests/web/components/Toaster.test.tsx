import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastShown } from '../../../src/features/toasts/slice';
import { renderApp } from '../support/render';

/** The toast area: MUI's Alert has the role 'alert'; the page under it may have alerts of its own. */
const toastArea = async () =>
  (await screen.findByText('WhatsApp connected')).closest('[aria-live="polite"]') as HTMLElement;

describe('Toaster', () => {
  it('shows one toast at a time and the next when the owner closes it', async () => {
    const { store } = renderApp('/login');
    act(() => {
      store.dispatch(toastShown({ title: 'WhatsApp connected', variant: 'success' }));
      store.dispatch(toastShown({ title: 'Registration successful', variant: 'success' }));
      store.dispatch(toastShown({ title: 'Data refreshed successfully!', variant: 'success' }));
    });
    const area = within(await toastArea());
    expect(area.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Registration successful')).not.toBeInTheDocument();

    await userEvent.click(area.getByRole('button', { name: 'Close' }));
    expect(await area.findByText('Registration successful')).toBeInTheDocument();
    expect(area.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('WhatsApp connected')).not.toBeInTheDocument();
  });
});
