import type { OutgoingMail } from '../mail/outbox';

export type Recipient = {
  id: number;
  email: string;
  first_name: string;
};

function link(publicUrl: string, page: string, token: string): string {
  return `${publicUrl}/${page}?token=${encodeURIComponent(token)}`;
}

export function verificationMail(publicUrl: string, user: Recipient, token: string): OutgoingMail {
  const url = link(publicUrl, 'verify-email', token);
  return {
    to: user.email,
    userId: user.id,
    subject: 'Confirm your email address for Threadline',
    link: url,
    text: [
      `Hello ${user.first_name},`,
      '',
      'Please confirm that this is your email address by opening this link:',
      '',
      url,
      '',
      'The link works once and expires in 24 hours. If it has expired, you can ask for a new one',
      'under Account Settings > Verification.',
      '',
      'If you did not create a Threadline account, you can ignore this mail.',
      '',
      'Threadline',
    ].join('\n'),
  };
}

export function passwordResetMail(publicUrl: string, user: Recipient, token: string): OutgoingMail {
  const url = link(publicUrl, 'reset-password', token);
  return {
    to: user.email,
    userId: user.id,
    subject: 'Reset your Threadline password',
    link: url,
    linkGrantsAccess: true,
    text: [
      `Hello ${user.first_name},`,
      '',
      'Someone, hopefully you, asked to reset the password of your Threadline account.',
      'To choose a new password, open this link:',
      '',
      url,
      '',
      'The link works once and expires in 30 minutes. Resetting signs you out everywhere.',
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
      'Threadline',
    ].join('\n'),
  };
}
