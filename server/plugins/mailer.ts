import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Mailer } from '../services/mail/mailer';
import { keepInOutbox } from '../services/mail/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mail over SMTP_URL with nodemailer, or, without one, the dev outbox that the sandbox lists. */
export default fp(
  async function mailer(app: FastifyInstance) {
    const { smtpUrl, mailFrom } = app.config;
    let mailer: Mailer;
    if (smtpUrl) {
      const transporter = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => transporter.close());
      mailer = {
        transport: 'smtp',
        async send(mail) {
          try {
            await transporter.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
            return true;
          } catch (error) {
            app.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be sent');
            return false;
          }
        },
      };
    } else {
      mailer = {
        transport: 'outbox',
        async send(mail) {
          try {
            await keepInOutbox(app.db, app.secrets, mail);
            // A verification link in the log lets people try the product without mail; a reset link never.
            const link = mail.linkGrantsAccess ? undefined : mail.link;
            app.log.info({ to: mail.to, link }, `dev outbox: ${mail.subject}`);
            return true;
          } catch (error) {
            app.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail could not be kept in the outbox');
            return false;
          }
        },
      };
    }
    app.decorate('mailer', mailer);
  },
  { name: 'mailer', dependencies: ['db', 'secrets'] },
);
