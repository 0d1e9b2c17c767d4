// The checkout widget's page script (/embed/checkout/<token>): plain ES2017, no framework. It runs the
// whole flow on the public session routes (/api/public/checkout-sessions/<token>/...) and the card form's
// routes (/api/pay/registrations/<token>/): offer, terms, customer details, shipping option (when the
// checkout requires one), processor choice, card entry
// per sandbox render mode, finalize, and the success / failure / pending outcomes. Framed by /embed/v1.js
// it reports its height and outcome to the parent page, only to the origin v1.js named in the fragment
// and only when that origin is one of the session's allowed origins.
(() => {
  const root = document.getElementById("checkout");
  const token = root.dataset.token;
  const allowed = JSON.parse(root.dataset.allowedOrigins || "[]");
  const api = `/api/public/checkout-sessions/${encodeURIComponent(token)}/`;
  const POLL_MS = 1500;

  const hashOrigin = /(?:^#|&)origin=([^&]+)/.exec(location.hash);
  const claimed = hashOrigin ? decodeURIComponent(hashOrigin[1]) : null;
  const parentOrigin = window.parent !== window && claimed && allowed.indexOf(claimed) >= 0 ? claimed : null;
  const notify = (type, data) => {
    if (parentOrigin)
      window.parent.postMessage(Object.assign({ source: "subscription-checkout", type }, data), parentOrigin);
  };
  // the handshake: the loader (v1.js) reports origin_not_allowed when no word comes from this page
  notify("hello", {});
  let lastHeight = 0;
  const reportHeight = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== lastHeight) notify("resize", { height: (lastHeight = height) });
  };
  if (window.ResizeObserver) new ResizeObserver(reportHeight).observe(document.documentElement);

  const show = (...nodes) => {
    root.replaceChildren(...nodes.filter(Boolean));
    reportHeight();
  };
  const { el, t, money, messageOf, request, wait, offerTable, encrypt, MODE_NOTE, cardFields } =
    window.SubscriptionCheckoutKit;

  let view = null;
  let customerRef = null;
  let processorId = null;
  // GET shipping-options/ (null when the checkout needs none) and the buyer's choice { option, location }
  let shipping = null;
  let shipChoice = null;
  // an applied promotion code: the code and the server's message when Apply refused one
  let promoCode = null;
  let promoError = null;

  function applyTheme(theme) {
    const colors = (theme && theme.colors) || {};
    const style = document.documentElement.style;
    const set = (name, value) => typeof value === "string" && style.setProperty(name, value);
    set("--sc-primary", colors.primary);
    set("--sc-on-primary", colors.on_primary || colors.primary_text);
    set("--sc-background", colors.background);
    set("--sc-text", colors.text);
    if (theme && typeof theme.font_family === "string") style.setProperty("--sc-font", theme.font_family);
  }

  function header() {
    const theme = view.theme || {};
    return el("div", { class: "brand" }, [
      typeof theme.logo_url === "string"
        ? el("img", { src: theme.logo_url, alt: t("logo", { channel: view.sales_channel.name }) })
        : null,
      el("h1", { text: view.sales_channel.name }),
    ]);
  }

  function outcome(kind, title, text, extra) {
    show(
      header(),
      el(
        "div",
        { class: `notice ${kind}`, role: kind === "failure" ? "alert" : "status", "data-testid": `outcome-${kind}` },
        [el("strong", { text: title }), text ? el("p", { text }) : null],
      ),
      extra,
    );
  }

  function fatal(text) {
    show(el("div", { class: "notice failure", role: "alert", "data-testid": "outcome-error" }, [el("p", { text })]));
    notify("error", { message: text });
  }

  async function load() {
    const r = await request("GET", api).catch(() => null);
    if (!r) return fatal(t("loadFailed"));
    if (r.status === 410) {
      show(
        el("div", { class: "notice failure", role: "alert", "data-testid": "outcome-expired" }, [
          el("strong", { text: t("expired") }),
          el("p", { text: t("startAgain") }),
        ]),
      );
      return notify("error", { code: "session_expired", message: "This checkout session has expired." });
    }
    if (!r.ok) return fatal(messageOf(r.body));
    view = r.body;
    applyTheme(view.theme);
    notify("ready", { summary: summaryOf(view) });
    if (view.status === "completed") return succeeded(view.checkout && view.checkout.contract_id);
    if (view.checkout && view.checkout.status === "pending_external") return pendingExternal();
    const options = await request("GET", `${api}shipping-options/`).catch(() => null);
    shipping = options && options.ok && options.body.shipping_required ? options.body : null;
    renderDetails();
  }

  /** What onReady tells the shop: the session and its offer's amounts (nothing about the buyer). */
  function summaryOf(v) {
    const o = v.offer || {};
    return {
      session: v.token,
      status: v.status,
      expires_at: v.expires_at,
      sales_channel: v.sales_channel && v.sales_channel.name,
      currency: o.currency || null,
      due_today_amount: o.total_amount || null,
      recurring_total_amount: o.recurring_total_amount || null,
      trial_end_at: o.trial_end_at || null,
      first_charge_at: o.first_charge_at || null,
      first_charge_amount: o.first_charge_amount || null,
    };
  }

  function renderDetails(error) {
    const fields = [];
    if (view.customer_required && !customerRef) {
      fields.push(
        el("h2", { text: t("yourDetails") }),
        el("label", { for: "sc-name", text: t("fullName") }),
        el("input", { id: "sc-name", name: "name", type: "text", autocomplete: "name", required: true }),
        el("label", { for: "sc-email", text: t("email") }),
        el("input", { id: "sc-email", name: "email", type: "email", autocomplete: "email", required: true }),
      );
    }
    if (view.requires_selection) {
      fields.push(
        el(
          "fieldset",
          {},
          [el("legend", { text: t("payWith") })].concat(
            view.processors.map((p, i) =>
              el("label", { class: "choice" }, [
                el("input", {
                  type: "radio",
                  name: "processor",
                  value: String(p.account_payment_processor_id),
                  required: true,
                  checked: processorId ? processorId === p.account_payment_processor_id : i === 0,
                }),
                el("span", { text: p.display_name }),
              ]),
            ),
          ),
        ),
      );
    }
    if (shipping) fields.push(shippingFields());
    fields.push(promoField());
    const terms = view.terms || {};
    if (terms.text || terms.url) {
      fields.push(
        el("h2", { text: t("terms") }),
        terms.text ? el("p", { class: "terms", text: terms.text }) : null,
        el("label", { class: "choice" }, [
          el("input", { type: "checkbox", name: "terms", required: true }),
          el("span", {}, [
            document.createTextNode(t("iAccept")),
            terms.url
              ? el("a", { href: terms.url, target: "_blank", rel: "noopener", text: t("termsLink") })
              : document.createTextNode(t("termsLink")),
            document.createTextNode(terms.version ? t("termsVersion", { version: terms.version }) : "."),
          ]),
        ]),
      );
    }
    if (!view.processors.length) return fatal(t("noProcessor"));
    const form = el(
      "form",
      { novalidate: false, on: { submit: (e) => (e.preventDefault(), startCheckout(form)) } },
      fields.concat([
        error ? el("p", { class: "error", role: "alert", text: error }) : null,
        el("button", { type: "submit", text: t("continue") }),
      ]),
    );
    show(header(), offerTable(view.offer, shipChoice && shipChoice.option), form);
  }

  // "Promotion code" + Apply: the server prices the offer with the code (same pricing as the checkout)
  function promoField() {
    const message = el("p", {
      id: "sc-promo-message",
      class: promoError ? "error" : "muted",
      role: promoError ? "alert" : "status",
      text: promoError || (promoCode ? t("codeApplied", { code: promoCode }) : ""),
    });
    const input = el("input", {
      id: "sc-promo",
      name: "promotion_code",
      type: "text",
      maxlength: "64",
      autocomplete: "off",
      value: promoCode,
      "aria-describedby": "sc-promo-message",
      "aria-invalid": promoError ? "true" : false,
    });
    const apply = async () => {
      const code = String(input.value || "").trim();
      if (!code) return;
      button.disabled = true;
      const r = await request("POST", `${api}quote/`, { promotion_code: code }).catch(() => null);
      button.disabled = false;
      if (r && r.ok) {
        view.offer = r.body.offer;
        promoCode = code;
        promoError = null;
      } else {
        promoError = r && r.body ? messageOf(r.body) : t("codeCheckFailed");
      }
      message.className = promoError ? "error" : "muted";
      message.setAttribute("role", promoError ? "alert" : "status");
      message.textContent = promoError || t("codeApplied", { code: promoCode });
      if (promoError) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      const table = root.querySelector("table");
      if (table) table.replaceWith(offerTable(view.offer, shipChoice && shipChoice.option));
      reportHeight();
    };
    const button = el("button", { type: "button", class: "secondary", text: t("apply"), on: { click: apply } });
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") e.preventDefault(), apply();
    });
    return el("div", { class: "promo" }, [
      el("label", { for: "sc-promo", text: t("promotionCode") }),
      el("div", { class: "row" }, [input, button]),
      message,
    ]);
  }

  // one radio per option (its price for this order) and, for lockers / pickup points, the location fields
  function shippingFields() {
    if (!shipChoice) shipChoice = { option: shipping.options[0] || null, location: {} };
    const location = el("div", { class: "location" }, [
      el("label", { for: "sc-location-id", text: t("pickupId") }),
      el("input", {
        id: "sc-location-id",
        name: "location_id",
        type: "text",
        maxlength: "200",
        value: shipChoice.location.location_id,
      }),
      el("label", { for: "sc-location-name", text: t("pickupName") }),
      el("input", {
        id: "sc-location-name",
        name: "location_name",
        type: "text",
        maxlength: "500",
        value: shipChoice.location.location_name,
      }),
    ]);
    const sync = () => {
      const needs = !!(shipChoice.option && shipChoice.option.requires_location);
      location.hidden = !needs;
      for (const input of location.querySelectorAll("input")) input.disabled = !needs;
      location.querySelector("#sc-location-id").required = needs;
      const table = root.querySelector("table");
      if (table) table.replaceWith(offerTable(view.offer, shipChoice && shipChoice.option));
    };
    const choose = (option) => () => {
      shipChoice.option = option;
      sync();
      reportHeight();
    };
    const radios = shipping.options.map((o) =>
      el("label", { class: "choice" }, [
        el("input", {
          type: "radio",
          name: "shipping",
          value: String(o.id),
          required: true,
          checked: shipChoice.option && shipChoice.option.id === o.id,
          on: { change: choose(o) },
        }),
        el("span", {
          text: `${o.name} · ${Number(o.price_amount) === 0 ? t("free") : money(o.price_amount, o.currency)}`,
        }),
      ]),
    );
    const fieldset = el("fieldset", {}, [el("legend", { text: t("delivery") })].concat(radios, [location]));
    setTimeout(sync);
    return fieldset;
  }

  function shippingBody(data) {
    if (!shipChoice || !shipChoice.option) return undefined;
    if (data) {
      const id = String(data.get("location_id") || "").trim();
      const name = String(data.get("location_name") || "").trim();
      shipChoice.location = shipChoice.option.requires_location
        ? { location_id: id || undefined, location_name: name || undefined }
        : {};
    }
    return Object.assign({ option: shipChoice.option.id }, shipChoice.location);
  }

  async function startCheckout(form) {
    const data = new FormData(form);
    const body = {};
    if (view.customer_required && !customerRef) {
      const email = String(data.get("email") || "").trim();
      customerRef = `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      body.customer = { reference: customerRef, email, name: String(data.get("name") || "").trim() || undefined };
    }
    if (view.requires_selection) processorId = Number(data.get("processor"));
    if (processorId) body.account_payment_processor = processorId;
    if (shipping) body.shipping = shippingBody(data);
    if (promoCode) body.promotion_code = promoCode;
    form.querySelector("button[type=submit]").disabled = true;
    const r = await request("POST", `${api}checkout/`, body).catch(() => null);
    if (!r || !r.ok) {
      // a customer created before a later error stays bound to the session: the view says which
      const again = await request("GET", api).catch(() => null);
      if (again && again.ok) view = again.body;
      if (view.customer_required) customerRef = null;
      return renderDetails(r ? messageOf(r.body) : t("createFailed"));
    }
    view.customer_required = false;
    if (!r.body.registration) return finalize();
    renderCard(r.body);
  }

  function renderCard(checkout, error) {
    const reg = checkout.registration;
    const form = el("form", { on: { submit: (e) => (e.preventDefault(), submitCard(form, checkout)) } }, [
      el("h2", { text: t("cardDetails") }),
      el("p", {
        class: "muted",
        text: `${MODE_NOTE[reg.render_mode] || ""} ${t("firstCharge", { amount: money(checkout.total_amount, checkout.currency) })}`,
      }),
      ...cardFields(),
      error ? el("p", { class: "error", role: "alert", text: error }) : null,
      el("button", {
        type: "submit",
        text: view.offer.trial_end_at
          ? t("startTrial")
          : t("pay", { amount: money(checkout.total_amount, checkout.currency) }),
      }),
    ]);
    show(header(), offerTable(view.offer, shipChoice && shipChoice.option), form);
    form.querySelector("#sc-number").focus();
  }

  async function submitCard(form, checkout) {
    const reg = checkout.registration;
    const data = new FormData(form);
    const [mm, yy] = String(data.get("expiry") || "")
      .split("/")
      .map((x) => Number(x.trim()));
    const card = {
      number: String(data.get("number") || "").replace(/\s/g, ""),
      exp_month: mm,
      exp_year: yy < 100 ? 2000 + yy : yy,
      cvc: String(data.get("cvc") || ""),
    };
    form.querySelector("button").disabled = true;
    let body = { card };
    if (reg.render_mode === "vendor_a_encrypted_card") {
      const p = view.processors.find((x) => x.account_payment_processor_id === reg.account_payment_processor_id);
      const key = p && p.public_registration_config && p.public_registration_config.public_key;
      if (!key || !window.crypto || !crypto.subtle) return renderCard(checkout, t("cannotEncrypt"));
      body = { encrypted_card: await encrypt(key, card) };
    }
    const reply = await request("POST", `/api/pay/registrations/${encodeURIComponent(reg.token)}/`, body).catch(
      () => null,
    );
    if (!reply || !reply.ok) return renderCard(checkout, reply ? messageOf(reply.body) : t("cardNotSent"));
    if (reply.body.status === "processing") {
      outcome("pending", t("confirming"), t("moment"));
      const done = await waitForCard(reg.token);
      if (!done) return renderCard(checkout, t("notConfirmed"));
    }
    finalize();
  }

  async function waitForCard(regToken) {
    for (let i = 0; i < 40; i++) {
      await wait(i ? POLL_MS : 400);
      const r = await request("GET", `/api/pay/registrations/${encodeURIComponent(regToken)}/`).catch(() => null);
      if (r && r.ok && r.body.status === "verified") return true;
      if (r && r.ok && r.body.status === "failed") return false;
    }
    return false;
  }

  async function finalize() {
    outcome("pending", t("completing"), null);
    const r = await request("POST", `${api}finalize/`, {}).catch(() => null);
    if (r && r.ok && r.body.status === "succeeded") return succeeded(r.body.contract_id);
    if (r && r.ok && r.body.status === "pending_external") return pendingExternal();
    if (r && r.status === 410) return load();
    const failed = r && r.body && r.body.status === "failed";
    const reason = failed ? r.body.fail_message || t("declined") : r ? messageOf(r.body) : t("notCompleted");
    notify("error", { code: failed ? r.body.fail_code || "payment_failed" : "finalize_failed", message: reason });
    outcome(
      "failure",
      t("paymentFailed"),
      t("nothingCharged", { reason }),
      el("button", { type: "button", on: { click: retry }, text: t("tryAnother") }),
    );
  }

  async function retry() {
    const again = await request("GET", api).catch(() => null);
    if (again && again.ok) view = again.body;
    const body = {};
    if (customerRef) body.customer = { reference: customerRef };
    if (processorId) body.account_payment_processor = processorId;
    if (shipping) body.shipping = shippingBody();
    if (promoCode) body.promotion_code = promoCode;
    const r = await request("POST", `${api}checkout/`, body).catch(() => null);
    if (!r || !r.ok) return renderDetails(r ? messageOf(r.body) : t("createFailed"));
    if (!r.body.registration) return finalize();
    renderCard(r.body);
  }

  async function pendingExternal() {
    outcome("pending", t("waitingBank"), t("keepOpen"));
    notify("pending", {});
    for (;;) {
      await wait(POLL_MS);
      const r = await request("GET", api).catch(() => null);
      if (!r) continue;
      if (!r.ok) return load();
      view = r.body;
      const c = view.checkout;
      if (view.status === "completed" || (c && c.status === "succeeded")) return succeeded(c && c.contract_id);
      if (c && c.status !== "pending_external") return finalize();
    }
  }

  function succeeded(contractId) {
    // no promise of an e-mail: the service sends no purchase confirmation (the shop may, from onComplete)
    outcome("success", t("thankYou"), null);
    notify("complete", { contract_id: contractId || null, session: token });
  }

  load().catch(() => fatal(t("loadFailedReload")));
})();
