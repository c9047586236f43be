import type { TokenResponse } from '../contract';
import type { App } from '../server/app';
import type { PendingSignup } from '../server/sandbox/graph/accounts';

/** One API call through `app.inject`, its JSON answer; anything but a success stops the bench. */
export async function injectJson<T>(
  app: App,
  method: 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/**
 * A registered owner with a connected sandbox number, through the same API calls the SPA makes:
 * register, the sandbox signup, the code exchange and saving the connection.
 */
export async function connectedOwner(app: App, name: string, business: string, phoneNumber: string) {
  const password = 'correct horse battery';
  const { access_token: token } = await injectJson<TokenResponse>(app, 'POST', '/api/v1/auth/register', {
    email: `${name.replace(/_/g, '-')}@example.com`,
    username: name,
    first_name: 'Bench',
    last_name: 'Owner',
    password,
    confirm_password: password,
  });
  const signup = await injectJson<PendingSignup>(app, 'POST', '/sandbox/signup/session', {
    business_name: business,
    phone_number: phoneNumber,
  });
  const { business_token: businessToken } = await injectJson<{ business_token: string }>(
    app,
    'POST',
    '/api/v1/whatsapp/exchange-token',
    { code: signup.code, waba_id: signup.waba_id, phone_number_id: signup.phone_number_id },
    token,
  );
  await injectJson(
    app,
    'POST',
    '/api/v1/whatsapp/embedded-signup',
    {
      waba_id: signup.waba_id,
      phone_number_id: signup.phone_number_id,
      phone_number: signup.phone_number,
      business_token: businessToken,
    },
    token,
  );
  return { token, signup };
}
