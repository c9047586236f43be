import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import type { LoginThrottle } from '../auth/login-throttle';
import type { RateLimiter } from '../rate-limit';

/** What the account services need, handed in by the routes (plain values, no Fastify). */
export interface AccountDeps {
  db: Db;
  /** Signs access tokens (the `jwt` sub-key of the secrets plugin). */
  jwtKey: Uint8Array;
  mailer: Pick<Mailer, 'send'>;
  limiter: RateLimiter;
  loginThrottle: LoginThrottle;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
}
