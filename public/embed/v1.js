/* Subscription checkout widget loader, v1. Plain ES2017, no framework.
 *
 *   <div id="checkout"></div>
 *   <script src="https://billing.example.com/embed/v1.js"></script>
 *   <script>
 *     SubscriptionCheckout.mount(document.getElementById("checkout"), {
 *       session: "cs_...",                        // the token of a checkout session your server created
 *       locale: "de",           // optional: en, de, fr, es or fi; default: the browser's language (else English)
 *       onReady(summary) {},    // the checkout is shown: { session, status, currency, due_today_amount, … }
 *       onPending() {},         // the payment waits for the customer's bank (3-D Secure); onComplete follows
 *       onComplete(result) {},  // { contractId, session }: the subscription is active
 *       onError(error) {},      // { code, message }: e.g. card_declined, session_expired, origin_not_allowed
 *     });
 *   </script>
 *
 * It inserts an iframe of <this script's origin>/embed/checkout/<session> and sizes it to its content.
 * Messages are accepted only from that origin and that iframe; the iframe answers only to the origin it
 * was told in its fragment, and only if that origin is one of the session's allowed origins. A frame that
 * says nothing within HANDSHAKE_MS of loading was refused (this page's origin is not one of the session's
 * allowed origins, or the session does not exist): onError({ code: "origin_not_allowed" }). */
(() => {
  var script = document.currentScript;
  var appOrigin = new URL(script ? script.src : "/", location.href).origin;
  var HANDSHAKE_MS = 3000;

  function mount(element, options) {
    if (!element || !element.appendChild) throw new TypeError("SubscriptionCheckout.mount: an element is required");
    options = options || {};
    var session = String(options.session || "");
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(session))
      throw new TypeError("SubscriptionCheckout.mount: a session token is required");
    var frame = document.createElement("iframe");
    // the widget's language: the option, else the browser's (navigator.language); the page falls back to English
    var locale = String(options.locale || navigator.language || "");
    frame.src =
      appOrigin +
      "/embed/checkout/" +
      session +
      (/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/.test(locale) ? "?locale=" + encodeURIComponent(locale) : "") +
      "#origin=" +
      encodeURIComponent(location.origin);
    frame.title = options.title || "Checkout";
    frame.setAttribute("allow", "payment");
    frame.style.cssText = "width:100%;border:0;display:block;height:" + (options.initialHeight || 480) + "px";
    var call = (name, arg) => {
      if (typeof options[name] === "function") {
        try {
          options[name](arg);
        } catch (e) {
          setTimeout(() => {
            throw e;
          });
        }
      }
    };
    var heard = false;
    var handshake = null;
    frame.addEventListener("load", () => {
      if (heard || handshake) return;
      handshake = setTimeout(() => {
        if (heard) return;
        call("onError", {
          code: "origin_not_allowed",
          message:
            "The checkout could not be shown on this page: its origin is not among the session's allowed origins, or the session does not exist.",
        });
      }, HANDSHAKE_MS);
    });
    function onMessage(event) {
      if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
      var m = event.data;
      if (!m || m.source !== "subscription-checkout") return;
      heard = true;
      if (m.type === "resize" && typeof m.height === "number" && m.height > 0)
        frame.style.height = Math.ceil(m.height) + "px";
      else if (m.type === "ready") call("onReady", m.summary || {});
      else if (m.type === "complete") call("onComplete", { contractId: m.contract_id, session: m.session });
      else if (m.type === "pending") call("onPending");
      else if (m.type === "error") call("onError", { code: m.code || "error", message: m.message || "" });
    }
    window.addEventListener("message", onMessage);
    element.appendChild(frame);
    return {
      iframe: frame,
      unmount: () => {
        window.removeEventListener("message", onMessage);
        clearTimeout(handshake);
        if (frame.parentNode) frame.parentNode.removeChild(frame);
      },
    };
  }

  window.SubscriptionCheckout = { version: "1", mount: mount };
})();
