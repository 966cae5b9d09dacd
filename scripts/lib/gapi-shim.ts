/**
 * A stand-in for Google's gapi.iframes loader (https://apis.google.com/js/api.js), for the end-to-end tests
 * and the browser benchmarks on machines without internet access.
 *
 * Firebase Auth's popup sign-in, even against the Auth emulator, talks to a helper iframe through
 * gapi.iframes, and the emulator's iframe page loads the same script from Google. Nothing else in the flow
 * is faked: the popup is the Auth emulator's real Google sign-in page and the credential is the emulator's.
 * This shim implements the small part of gapi.iframes both sides use (open an iframe, ping it, register a
 * handler, send a message and get the handlers' answers) over window.postMessage, and serveOfflineStandIns
 * serves it in place of the script with Playwright's request routing. Production loads the real script from
 * Google.
 */
import type { BrowserContext } from "playwright-core";

const shim = String.raw`
(function () {
  var handlers = {};
  var waiting = {};
  var callbacks = {};
  var sequence = 0;
  function deliver(source, message) {
    var handler = handlers[message.name];
    if (!handler) {
      (waiting[message.name] = waiting[message.name] || []).push([source, message]);
      return;
    }
    Promise.resolve(handler(message.data)).then(function (answer) {
      source.postMessage({ gapiShim: true, kind: "answer", id: message.id, answers: [answer] }, "*");
    });
  }
  window.addEventListener("message", function (event) {
    var message = event.data;
    if (!message || message.gapiShim !== true) return;
    if (message.kind === "send") deliver(event.source, message);
    if (message.kind === "answer" && callbacks[message.id]) {
      var callback = callbacks[message.id];
      delete callbacks[message.id];
      // gapi swallows what its callbacks throw (Firebase's webStorageSupport callback throws after answering).
      try { callback(message.answers); } catch (_) {}
    }
  });
  function channel(target) {
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (waiting[name] || []).splice(0).forEach(function (queued) { deliver(queued[0], queued[1]); });
      },
      send: function (name, data, callback) {
        var id = "m" + ++sequence + "-" + Math.random();
        if (callback) callbacks[id] = callback;
        target().postMessage({ gapiShim: true, kind: "send", id: id, name: name, data: data }, "*");
      },
      restyle: function () { return Promise.resolve(); },
    };
  }
  window.gapi = {
    load: function (_name, options) { setTimeout(options.callback, 0); },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () {
        return {
          open: function (options, onOpen) {
            var frame = document.createElement("iframe");
            var loaded = new Promise(function (resolve) { frame.addEventListener("load", resolve); });
            Object.keys(options.attributes || {}).forEach(function (key) {
              if (key === "style") Object.assign(frame.style, options.attributes.style);
              else frame.setAttribute(key, options.attributes[key]);
            });
            frame.src = options.url;
            options.where.appendChild(frame);
            var iframe = channel(function () { return frame.contentWindow; });
            iframe.ping = function (callback) { return loaded.then(function () { callback(); }); };
            return onOpen(iframe);
          },
          getParentIframe: function () { return channel(function () { return window.parent; }); },
        };
      },
    },
  };
  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get("onload");
  if (onload && typeof window[onload] === "function") setTimeout(window[onload], 0);
  if (typeof window.gapi_onload === "function") setTimeout(window.gapi_onload, 0);
})();
`;

/**
 * Serves the shim for every page and iframe of the context in place of Google's script, and empty files
 * for the stylesheets, fonts and scripts the Auth emulator's sign-in page takes from CDNs (it works
 * without them, only plainer).
 */
export async function serveOfflineStandIns(context: BrowserContext): Promise<void> {
  await context.route("https://apis.google.com/js/api.js*", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: shim }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().url().endsWith(".js") ? "text/javascript" : "text/css",
      body: "",
    }),
  );
}
