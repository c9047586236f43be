/**
 * The environment of `npm run dev`'s API. People use the SPA from webpack's dev server, so that is
 * the address they use: PUBLIC_URL (links in mails, and the one origin the WhatsApp sandbox trusts
 * to post signup messages, server/services/whatsapp/settings.ts) becomes the dev server's, unless
 * it is set. Production reads PUBLIC_URL as ever; nothing else is trusted there.
 */
export function devApiEnvironment(env: NodeJS.ProcessEnv, devServerUrl: string): NodeJS.ProcessEnv {
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? devServerUrl };
}
