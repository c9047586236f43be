import { render, screen } from '@testing-library/react';
import MessageBubble from '../../../../src/features/inbox/MessageBubble';
import { pricingLabel } from '../../../../src/features/inbox/pricing';
import { aMessage } from '../../support/fixtures/inbox';

/** What each message cost, under our messages in the conversation (issue 28, item 6). */

const noop = () => undefined;

function bubble(message: ReturnType<typeof aMessage>) {
  render(
    <MessageBubble message={message} now={Date.now()} onReply={noop} onCopy={noop} onDelete={noop} onReact={noop} />,
  );
}

describe('pricingLabel', () => {
  it.each([
    [{ billable: true, category: 'marketing', type: 'regular' }, 'Billed · Marketing'],
    [{ billable: true, category: 'marketing_lite', type: 'regular' }, 'Billed · Marketing lite'],
    [{ billable: true, category: null, type: null }, 'Billed'],
    [{ billable: false, category: 'service', type: 'free_customer_service' }, 'Free · service window'],
    [{ billable: false, category: 'utility', type: 'free_entry_point' }, 'Free entry point'],
    [{ billable: false, category: 'service', type: null }, 'Free'],
  ])('reads %j as %s', (pricing, label) => {
    expect(pricingLabel(pricing)).toBe(label);
  });

  it('says nothing while no status told the price', () => {
    expect(pricingLabel(null)).toBeNull();
    expect(pricingLabel(undefined)).toBeNull();
    expect(pricingLabel({ billable: null, category: 'service', type: null })).toBeNull();
  });
});

describe('MessageBubble: what a message cost', () => {
  it('shows a quiet label under a billed message of ours', () => {
    bubble(
      aMessage({
        is_from_us: true,
        sender: 'human',
        status: 'delivered',
        pricing: { billable: true, category: 'marketing', type: 'regular' },
      }),
    );
    expect(screen.getByLabelText('What this message cost')).toHaveTextContent('Billed · Marketing');
  });

  it('shows nothing on a message whose price is not known yet', () => {
    bubble(aMessage({ is_from_us: true, sender: 'ai', status: 'sent', pricing: null }));
    expect(screen.queryByLabelText('What this message cost')).not.toBeInTheDocument();
  });
});
