/**
 * jsdom without Node's fetch family: react-router's data router builds Request objects, and the
 * SPA's API client uses fetch (tests stub it). Copy Node's own implementations into the window.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'Blob',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
      'AbortController',
      'AbortSignal',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
