/**
 * Meta's review of a template in plain words: each `rejected_reason` Meta sends (the template's field
 * and the `message_template_status_update` webhook's `reason`) with what it means and what to change
 * before submitting again. Shared so that the server and the SPA say the same.
 */

export interface TemplateRejection {
  /** What the review found, in a sentence. */
  problem: string;
  /** What to change before submitting again. */
  change: string;
}

export const TEMPLATE_REJECTIONS: Readonly<Record<string, TemplateRejection>> = {
  INVALID_FORMAT: {
    problem: 'WhatsApp could not read the template’s format.',
    change:
      'Check the variables: number them {{1}}, {{2}}… in order, do not start or end the message with one, do not put two side by side, and give each a sample value.',
  },
  ABUSIVE_CONTENT: {
    problem: 'WhatsApp found the content abusive or against its policies.',
    change:
      'Remove threatening, offensive or misleading wording and anything WhatsApp’s Commerce and Business policies forbid, then submit a new template.',
  },
  TAG_CONTENT_MISMATCH: {
    problem: 'The category does not match what the message says.',
    change:
      'Choose the category that fits: Utility for an update about something the customer did or asked for, Marketing for offers and promotions.',
  },
  INCORRECT_CATEGORY: {
    problem: 'The template was submitted in the wrong category.',
    change:
      'Submit it again as Marketing if it promotes anything, or reword it to be only about the customer’s order, booking or account to keep it Utility.',
  },
  CATEGORY_NOT_AVAILABLE: {
    problem: 'This category cannot be used for this template.',
    change: 'Submit it again in another category, or reword it to fit the category you need.',
  },
  PROMOTIONAL: {
    problem: 'The message reads as promotional for a Utility template.',
    change: 'Remove offers, discounts and calls to buy, or submit it again as a Marketing template.',
  },
  SCAM: {
    problem: 'WhatsApp took the template for a possible scam.',
    change:
      'Say plainly who you are and why you write, avoid urgent requests for money, codes or personal details, and use links to your own website only.',
  },
  NONE: {
    problem: 'WhatsApp rejected the template without giving a reason.',
    change:
      'Review the wording against WhatsApp’s template guidelines, change what may be unclear, and submit it again.',
  },
};

/** Meta's reason, read: its known meaning, or a general advice that names the code for an unknown one. */
export function templateRejection(reason: string | null | undefined): TemplateRejection {
  const code = (reason ?? 'NONE').trim().toUpperCase() || 'NONE';
  const known = TEMPLATE_REJECTIONS[code];
  if (known) return known;
  return {
    problem: `WhatsApp rejected the template (reason: ${code}).`,
    change:
      'Review the template against WhatsApp’s template guidelines, change what the reason points at, and submit it again.',
  };
}
