/**
 * The sandbox's pretend Embedded Signup v4 popup (GET /sandbox/signup). It talks to its opener the way
 * Meta's popup does — a JSON string `{type: 'WA_EMBEDDED_SIGNUP', event, data, version: 4}` posted to the
 * opener's origin (FINISH with a number, FINISH_ONLY_WABA without one, CANCEL, ERROR) — then posts the
 * FB.login outcome, `{type: RESULT_TYPE, code}`, for the stand-in SDK (/sandbox/sdk.js). Both go the
 * same way, so the page gets them in that order. The server also sends the account_update webhook
 * (PARTNER_ADDED) a moment after the code is exchanged, as Meta does since v4.
 */
(function () {
  'use strict';

  var MESSAGE_TYPE = 'WA_EMBEDDED_SIGNUP';
  var RESULT_TYPE = 'THREADLINE_SANDBOX_SIGNUP_RESULT';
  var SESSION_ID = randomDigits(16);
  var SESSION_INFO_VERSION = 4;

  function randomDigits(count) {
    var digits = '';
    var bytes = new Uint8Array(count);
    crypto.getRandomValues(bytes);
    for (var i = 0; i < count; i += 1) digits += String(bytes[i] % 10);
    return digits;
  }

  /** A made-up North American number, e.g. '+1 555 013 4567' (area code 555, exchange 01x). */
  function randomPhoneNumber() {
    var digits = randomDigits(5);
    return '+1 555 01' + digits.slice(0, 1) + ' ' + digits.slice(1);
  }

  function opener() {
    try {
      return window.opener && !window.opener.closed ? window.opener : null;
    } catch {
      // An opener on another origin (or gone): nobody to tell.
      return null;
    }
  }

  function postSignupMessage(event, data) {
    var target = opener();
    if (!target) return;
    target.postMessage(
      JSON.stringify({ type: MESSAGE_TYPE, event: event, data: data, version: SESSION_INFO_VERSION }),
      window.location.origin,
    );
  }

  /** The code for FB.login's callback, or null when the signup did not finish. */
  function reportResult(code) {
    var target = opener();
    if (target) target.postMessage({ type: RESULT_TYPE, code: code }, window.location.origin);
  }

  function done() {
    window.close();
  }

  function setBusy(busy) {
    ['finish', 'finish-without-number', 'cancel', 'report-error'].forEach(function (id) {
      document.getElementById(id).disabled = busy;
    });
  }

  function showError(text) {
    var status = document.getElementById('signup-status');
    status.textContent = text;
    status.hidden = false;
  }

  /** Finishes the pretend signup; `withNumber` false is v4's "finish without a number" (FINISH_ONLY_WABA). */
  function finishSignup(withNumber) {
    var body = { business_name: document.getElementById('business-name').value.trim() };
    if (withNumber) body.phone_number = document.getElementById('phone-number').value.trim();
    setBusy(true);
    fetch('/sandbox/signup/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) throw new Error((answer && (answer.message || answer.detail)) || 'The signup failed.');
          return answer;
        });
      })
      .then(function (session) {
        if (session.phone_number_id) {
          postSignupMessage('FINISH', {
            phone_number_id: session.phone_number_id,
            waba_id: session.waba_id,
            business_id: session.business_id,
          });
        } else {
          postSignupMessage('FINISH_ONLY_WABA', { waba_id: session.waba_id, business_id: session.business_id });
        }
        reportResult(session.code);
        done();
      })
      .catch(function (error) {
        setBusy(false);
        showError(error && error.message ? error.message : 'The signup failed.');
      });
  }

  function finish(event) {
    event.preventDefault();
    finishSignup(true);
  }

  function finishWithoutNumber() {
    finishSignup(false);
  }

  function cancel() {
    postSignupMessage('CANCEL', { current_step: 'PHONE_NUMBER_SETUP' });
    reportResult(null);
    done();
  }

  /** v4 reports a user's error as ERROR, with `error_code` where v3 said `error_id`. */
  function reportError() {
    postSignupMessage('ERROR', {
      error_message: 'Sandbox: simulated error',
      error_code: '524126',
      session_id: SESSION_ID,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    reportResult(null);
    done();
  }

  function start() {
    document.getElementById('phone-number').value = randomPhoneNumber();
    document.getElementById('signup-form').addEventListener('submit', finish);
    document.getElementById('finish-without-number').addEventListener('click', finishWithoutNumber);
    document.getElementById('cancel').addEventListener('click', cancel);
    document.getElementById('report-error').addEventListener('click', reportError);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
