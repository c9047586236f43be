/** The location form: the customer shares a place by its coordinates, with a name and address if given. */
import { selectedNumber } from './business.js';
import { postJson } from './composer.js';
import { customerBody } from './customer.js';
import { el, showStatus, state } from './page.js';

export function showLocationForm(shown) {
  el('location-form').hidden = !shown;
  el('share-location').setAttribute('aria-expanded', String(shown));
  if (shown) el('place-name').focus();
}

/** The coordinate typed in `id`, or null when it is not a number within `limit` either side of 0. */
function coordinate(id, limit) {
  const text = el(id).value.trim();
  const value = Number(text);
  return text !== '' && isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** Shares the place typed in the location form: its coordinates, and a name and address if given. */
export function shareLocation(event) {
  event.preventDefault();
  const number = selectedNumber();
  if (!number || state.sending) return;
  const latitude = coordinate('place-latitude', 90);
  const longitude = coordinate('place-longitude', 180);
  if (latitude === null || longitude === null) {
    showStatus('Type a latitude (−90 to 90) and a longitude (−180 to 180), e.g. 52.52 and 13.405.');
    return;
  }
  const body = customerBody(number, { latitude: latitude, longitude: longitude });
  if (el('place-name').value.trim()) body.place_name = el('place-name').value.trim();
  if (el('place-address').value.trim()) body.address = el('place-address').value.trim();
  postJson('/location', body, function () {
    el('location-form').reset();
    showLocationForm(false);
  });
}
