/**
 * "A day passes": the sandbox moves this customer's thread with the business a day back, so that the
 * business's 24-hour customer service window closes now instead of tomorrow.
 */
import { selectedNumber } from './business.js';
import { postJson } from './composer.js';
import { customerBody } from './customer.js';
import { el, state } from './page.js';

export const DAY_PASSED_NOTE =
  "A day passed: the business's 24-hour window is closed. It can write to you again only with an approved template, until you write.";

/** Offered once there is a conversation to move. */
export function showDayPasses(thread) {
  el('day-passes').hidden = !thread || thread.messages.length === 0;
}

export function letADayPass() {
  const number = selectedNumber();
  if (!number || state.sending) return;
  postJson(
    '/day-passed',
    customerBody(number, {}),
    function () {},
    function () {
      return DAY_PASSED_NOTE;
    },
  );
}
