/** The business numbers the phone can text, and the one picked. */
import { API, STORAGE, el, readJson, recall, showStatus, state } from './page.js';

export function selectedNumber() {
  const id = el('business-number').value;
  for (let i = 0; i < state.numbers.length; i += 1) {
    if (state.numbers[i].phone_number_id === id) return state.numbers[i];
  }
  return null;
}

export function selectedName() {
  const number = selectedNumber();
  return number ? number.verified_name : 'Business';
}

export function updateTitle() {
  const number = selectedNumber();
  el('business-title').textContent = number
    ? number.verified_name + ' · ' + number.display_phone_number
    : 'Pick a business number to text';
  el('send').disabled = !number || state.sending;
  el('attach').disabled = !number || state.sending;
  el('share-location').disabled = !number || state.sending;
  el('send-location').disabled = !number || state.sending;
}

function option(value, text) {
  const node = document.createElement('option');
  node.value = value;
  node.textContent = text;
  return node;
}

/** Lists `numbers` in the picker and picks the one the address or the last visit asked for. */
function showNumbers(numbers) {
  state.numbers = numbers;
  const select = el('business-number');
  select.textContent = '';
  numbers.forEach(function (number) {
    select.appendChild(option(number.phone_number_id, number.verified_name + ' (' + number.display_phone_number + ')'));
  });
  el('no-numbers').hidden = numbers.length > 0;
  select.disabled = numbers.length === 0;
  if (numbers.length === 0) select.appendChild(option('', 'No business number yet'));
  const wanted = new URLSearchParams(window.location.search).get('phone_number_id') || recall(STORAGE.business);
  if (
    wanted &&
    numbers.some(function (number) {
      return number.phone_number_id === wanted;
    })
  ) {
    select.value = wanted;
  }
  updateTitle();
}

export function loadNumbers() {
  return fetch(API + '/numbers', { headers: { accept: 'application/json' } })
    .then(readJson)
    .then(showNumbers)
    .catch(function (error) {
      showStatus(error.message);
    });
}
