import { AppError } from '../../../server/errors';
import { PLAIN_FAILURES } from '../../../server/services/whatsapp/failure-words';
import { graphErrorFrom } from '../../../server/services/whatsapp/graph-errors';
import { explainGraphFailure } from '../../../server/services/whatsapp/graph-failures';
import { readableFailure } from '../../../server/services/intake/readable';

/**
 * 131049 and 131050 in plain words, wherever they reach the owner: a send Graph answers with them, or
 * a `failed` status that brings them later (Meta's "WhatsApp error codes" page; issue 28, item 7).
 */

/** Meta's error object for the code, as Graph answers a send (WHATSAPP.md §4). */
function graphAnswer(code: number, title: string, details: string) {
  return graphErrorFrom(
    {
      error: { message: `(#${code}) ${title}`, type: 'OAuthException', code, error_data: { details }, fbtrace_id: 'A' },
    },
    400,
  );
}

describe('explaining a send WhatsApp refused with 131049 or 131050', () => {
  it.each([
    [131050, 'User has stopped marketing messages', /stopped marketing messages from this business/],
    [131049, 'This message was not delivered to maintain healthy ecosystem engagement.', /utility template/],
  ])('explains %i to the owner in plain words, not in Meta’s', (code, title, plain) => {
    const explained = explainGraphFailure(graphAnswer(code, title, 'Unable to deliver the message.'));
    expect(explained).toBeInstanceOf(AppError);
    expect((explained as AppError).message).toMatch(plain);
    expect((explained as AppError).message).not.toContain('Unable to deliver');
  });

  it('keeps Meta’s own explanation for a code without plain words', () => {
    const explained = explainGraphFailure(graphAnswer(132000, 'Number of parameters does not match', 'Expected 2.'));
    expect((explained as AppError).message).toBe('WhatsApp refused the request: Expected 2.');
  });
});

describe('explaining a failed status with 131049 or 131050', () => {
  it('gives the same plain words as a refused send', () => {
    expect(readableFailure({ code: 131050, title: 'User has stopped marketing messages' })).toBe(
      PLAIN_FAILURES[131050],
    );
    expect(readableFailure({ code: 131049, error_data: { details: 'Not delivered.' } })).toBe(PLAIN_FAILURES[131049]);
    expect(readableFailure({ code: 131000, error_data: { details: 'Something went wrong.' } })).toBe(
      'Something went wrong.',
    );
  });
});
