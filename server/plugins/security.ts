import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FACEBOOK_ORIGINS } from '../services/whatsapp/settings';

/** The Facebook SDK's script and login popup are the only third parties a page may use. */
export const FACEBOOK_SDK_ORIGIN = 'https://connect.facebook.net';

/**
 * The signup popup talks to its opener with postMessage; same-origin would cut that line. A popup
 * whose policy differs from its opener's page loses its opener too, so webpack's dev server sends
 * the SPA with this same policy (webpack.config.ts).
 */
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin-allow-popups';

export default fp(
  async function security(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", FACEBOOK_SDK_ORIGIN],
          // MUI (emotion) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Our own files (the favicon), inline data images, and the object URLs of messages' photos:
          // the inbox and the sandbox phone fetch a file with a credential and show it as a blob.
          imgSrc: ["'self'", 'data:', 'blob:'],
          // Voice notes, audio and videos, fetched the same way.
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", FACEBOOK_SDK_ORIGIN, 'https://graph.facebook.com', ...FACEBOOK_ORIGINS],
          frameSrc: ["'self'", ...FACEBOOK_ORIGINS],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginOpenerPolicy: { policy: CROSS_ORIGIN_OPENER_POLICY },
    });
  },
  { name: 'security' },
);
