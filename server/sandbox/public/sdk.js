/**
 * Threadline's sandbox stand-in for Facebook's JavaScript SDK (served at /sandbox/sdk.js while no Meta
 * app is configured). It offers what Embedded Signup v4 uses: FB.init, FB.login (which opens the sandbox
 * signup popup; v4's `extras` is empty, the v3 form's `featureType` / `sessionInfoVersion` are ignored,
 * as the login configuration decides) and FB.getLoginStatus. The popup posts Meta's WA_EMBEDDED_SIGNUP message itself, then
 * a second message, `{type: RESULT_TYPE, code}`, with the login outcome: posted after the first, it
 * always arrives after it, so the page sees the popup's own message before the FB.login callback.
 */
(function () {
  'use strict';

  var POPUP_NAME = 'fb-signup';
  var POPUP_FEATURES = 'width=520,height=640';
  var CLOSED_POLL_MS = 500;
  var NOT_CONNECTED = { status: 'unknown', authResponse: null };
  var RESULT_TYPE = 'THREADLINE_SANDBOX_SIGNUP_RESULT';

  var options = null;
  var pending = null;

  function settle(response) {
    if (!pending) return;
    var callback = pending.callback;
    window.clearInterval(pending.timer);
    pending = null;
    callback(response);
  }

  /** The popup's outcome: `{type: RESULT_TYPE, code}` when the signup finished, `code: null` when not. */
  window.addEventListener('message', function (event) {
    if (!pending || event.source !== pending.popup || event.origin !== window.location.origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== RESULT_TYPE) return;
    if (typeof data.code === 'string' && data.code !== '') {
      settle({ status: 'connected', authResponse: { code: data.code } });
    } else {
      settle(NOT_CONNECTED);
    }
  });

  window.FB = {
    init: function (initOptions) {
      options = initOptions || {};
    },
    login: function (callback, loginOptions) {
      if (typeof callback !== 'function') throw new Error('FB.login needs a callback');
      if (!options) throw new Error('FB.login called before FB.init');
      // A second login while one is open ends the first, as if its popup had been closed.
      settle(NOT_CONNECTED);
      var configId = (loginOptions && loginOptions.config_id) || '';
      var popup = window.open('/sandbox/signup?config_id=' + encodeURIComponent(configId), POPUP_NAME, POPUP_FEATURES);
      if (!popup) throw new Error('The sandbox signup popup was blocked');
      var attempt = { callback: callback, popup: popup, timer: 0, closedSeen: false };
      attempt.timer = window.setInterval(function () {
        if (pending !== attempt || !popup.closed) return;
        // Closed without an outcome: one more poll first, so that a result posted just before closing wins.
        if (attempt.closedSeen) settle(NOT_CONNECTED);
        attempt.closedSeen = true;
      }, CLOSED_POLL_MS);
      pending = attempt;
    },
    getLoginStatus: function (callback) {
      if (typeof callback === 'function') callback(NOT_CONNECTED);
    },
  };

  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
