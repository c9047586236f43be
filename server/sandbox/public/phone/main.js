/**
 * The sandbox's customer phone (GET /sandbox/phone): text a sandbox business number the way a
 * customer texts a WhatsApp number, and watch the business's replies arrive. Sending stores the
 * message in the sandbox and delivers a signed webhook to Threadline, as Meta would; the thread is
 * polled every 1.5 s. Native modules from files of their own, no inline code (the CSP allows none).
 */
import { loadNumbers, updateTitle } from './business.js';
import { send, setReplyTo } from './composer.js';
import { randomPhoneNumber } from './customer.js';
import { letADayPass } from './day.js';
import { showLocationForm, shareLocation } from './location.js';
import { sendFile } from './media.js';
import { STORAGE, el, recall, remember, state } from './page.js';
import { renderThreadWith, schedulePoll } from './polling.js';
import { choosePromotions } from './promotions.js';
import { render } from './thread.js';

/** Who is texting whom: the customer's name and number, remembered, and the business number picked. */
function setUpCustomer() {
  const name = el('customer-name');
  const phone = el('customer-phone');
  name.value = recall(STORAGE.name) || '';
  phone.value = recall(STORAGE.phoneNumber) || randomPhoneNumber();
  remember(STORAGE.phoneNumber, phone.value);
  name.addEventListener('input', function () {
    remember(STORAGE.name, name.value);
  });
  phone.addEventListener('input', function () {
    remember(STORAGE.phoneNumber, phone.value);
    state.rendered = '';
    schedulePoll(300);
  });
  el('business-number').addEventListener('change', function () {
    remember(STORAGE.business, el('business-number').value);
    setReplyTo(null);
    state.rendered = '';
    updateTitle();
    schedulePoll(0);
  });
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden) schedulePoll(0);
  });
}

/** What the customer can send: a message, a file, a place, the chat menu's promotions choice and 'A day passes'. */
function setUpComposer() {
  el('composer').addEventListener('submit', send);
  el('promotions').addEventListener('click', choosePromotions);
  el('day-passes').addEventListener('click', letADayPass);
  el('attach').addEventListener('click', function () {
    el('attach-file').click();
  });
  el('attach-file').addEventListener('change', function (event) {
    const file = event.target.files && event.target.files[0];
    event.target.value = '';
    sendFile(file);
  });
  el('share-location').addEventListener('click', function () {
    showLocationForm(el('location-form').hidden);
  });
  el('location-form').addEventListener('submit', shareLocation);
  el('cancel-location').addEventListener('click', function () {
    showLocationForm(false);
  });
  el('message').addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) send(event);
  });
  el('cancel-reply').addEventListener('click', function () {
    setReplyTo(null);
  });
}

function start() {
  renderThreadWith(render);
  setUpCustomer();
  setUpComposer();
  loadNumbers().then(function () {
    schedulePoll(0);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
