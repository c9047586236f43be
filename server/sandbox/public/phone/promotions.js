/** The chat menu offers what WhatsApp offers: stop the business's promotions, or resume them. */
import { selectedNumber } from './business.js';
import { postJson } from './composer.js';
import { customerBody } from './customer.js';
import { el, state } from './page.js';

export function showPromotions(thread) {
  const button = el('promotions');
  state.promotionsStopped = thread ? thread.promotions_stopped : null;
  button.hidden = !thread;
  button.textContent = state.promotionsStopped ? 'Resume promotions' : 'Stop promotions';
}

export function choosePromotions() {
  const number = selectedNumber();
  if (!number || state.promotionsStopped === null || state.sending) return;
  const body = customerBody(number, { value: state.promotionsStopped ? 'resume' : 'stop' });
  postJson(
    '/promotions',
    body,
    function () {},
    function (answer) {
      showPromotions({ promotions_stopped: answer.promotions_stopped });
      return answer.promotions_stopped
        ? 'You stopped promotions from this business.'
        : 'You resumed promotions from this business.';
    },
  );
}
