// Shared pieces of the checkout widget's page (loaded before checkout-app.js, which holds the flow and its
// state): DOM and request helpers, money formatting, the offer table and the card fields. Plain ES2017, no
// framework; nothing from the server is parsed as HTML.
(() => {
  // --- the page's language (server/http/embed.ts puts the "widget" catalog of messages/<locale>.json and the
  // Intl locale on #checkout): t("key", { name: value }) fills {name} placeholders ---
  const root = document.getElementById("checkout");
  const WORDS = JSON.parse((root && root.dataset.messages) || "{}");
  const LOCALE = (root && root.dataset.intlLocale) || "en-GB";
  const t = (key, vars) =>
    String(key in WORDS ? WORDS[key] : key).replace(/\{(\w+)\}/g, (m, name) =>
      vars && name in vars ? String(vars[name]) : m,
    );
  // --- small DOM helpers (text only: nothing from the server is parsed as HTML) ---
  const el = (tag, attrs, children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v == null) continue;
      if (k === "text") node.textContent = v;
      else if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children || []) if (c) node.append(c);
    return node;
  };
  // the rule of components/ui/money.ts: Intl formats the four-digit decimal string, no float rounding first
  const money = (amount, currency) => {
    try {
      return new Intl.NumberFormat(LOCALE, { style: "currency", currency }).format(amount);
    } catch (_) {
      return `${amount} ${currency}`;
    }
  };
  const messageOf = (body) => {
    if (!body) return t("somethingWrong");
    if (typeof body.detail === "string") return body.detail;
    const parts = [];
    for (const v of Object.values(body)) if (Array.isArray(v)) parts.push(...v.filter((x) => typeof x === "string"));
    return parts.join(" ") || t("somethingWrong");
  };
  const request = async (method, url, body) => {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch (_) {}
    return { status: res.status, ok: res.ok, body: json };
  };
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));

  /** The pricing of a metered line ("billed by usage in arrears: <pricing> …", components/ui/usageLine.ts), or null. */
  const USAGE_PREFIX = "billed by usage in arrears: ";
  const usagePricingOf = (explanation) => {
    if (typeof explanation !== "string" || !explanation.startsWith(USAGE_PREFIX)) return null;
    const rest = explanation.slice(USAGE_PREFIX.length);
    const end = rest.search(/ (?:x \(|x \d|for |= )/);
    return (end < 0 ? rest : rest.slice(0, end)).trim();
  };

  /** How many periods a discount covers, counting the first one (Infinity: forever). */
  function discountPeriods(discount) {
    if (!discount) return Number.POSITIVE_INFINITY;
    const c = discount.coupon;
    return c.duration === "forever" ? Number.POSITIVE_INFINITY : c.duration === "once" ? 1 : c.duration_in_periods;
  }

  function offerTable(offer, ship) {
    const cur = offer.currency;
    const rows = [];
    for (const line of offer.initial_lines.concat(offer.recurring_items)) {
      const every = line.interval
        ? t(`${line.interval_count > 1 ? "everyN" : "every"}_${line.interval}`, { count: line.interval_count })
        : "";
      // a metered price is billed by usage at the end of each period: nothing of it is due today
      const usage = usagePricingOf(line.explanation);
      rows.push(
        usage === null
          ? el("tr", {}, [
              // plain words for the buyer: the engine's explanation string is the seller's, not shown here
              el("td", { text: `${line.quantity} × ${line.product_name}${every}` }),
              // before tax, whatever the price's tax policy: the lines, then "Tax", add up to "Due today"
              el("td", { class: "amount", text: money(line.line_subtotal_amount, cur) }),
            ])
          : el("tr", { "data-testid": "usage-row" }, [
              el("td", {}, [
                el("span", { text: `${line.product_name}${every}` }),
                el("span", { class: "explain", text: t("usageExplain", { pricing: usage, currency: cur }) }),
              ]),
              el("td", { class: "amount", text: t("billedByUsage") }),
            ]),
      );
    }
    rows.push(
      el("tr", {}, [el("td", { text: t("tax") }), el("td", { class: "amount", text: money(offer.tax_amount, cur) })]),
    );
    if (offer.discount) {
      const c = offer.discount.coupon;
      const off = c.percent_off
        ? t("percentOff", { percent: new Intl.NumberFormat(LOCALE).format(Number(c.percent_off)) })
        : t("discount");
      const runs =
        c.duration === "forever"
          ? t("everyPeriod")
          : c.duration === "once"
            ? t("firstPeriod")
            : t("periods", { count: c.duration_in_periods });
      rows.push(
        el("tr", { "data-testid": "discount-row" }, [
          el("td", {}, [
            el("span", { text: t("promotionCodeOf", { code: offer.discount.promotion_code || c.name }) }),
            el("span", { class: "explain", text: t("discountExplain", { off, runs }) }),
          ]),
          el("td", { class: "amount", text: off }),
        ]),
      );
    }
    if (ship)
      // spec 2.10: the shipping price is recorded with the order but is not part of the payment
      rows.push(
        el("tr", { "data-testid": "shipping-row" }, [
          el("td", {}, [
            el("span", { text: t("shipping", { name: ship.name }) }),
            el("span", { class: "explain", text: t("shippingExplain") }),
          ]),
          el("td", {
            class: "amount",
            "data-testid": "shipping-amount",
            text: money(ship.price_amount, ship.currency),
          }),
        ]),
      );
    rows.push(
      el("tr", { class: "total" }, [
        el("th", { scope: "row", text: t("dueToday") }),
        el("td", { class: "amount", "data-testid": "total", text: money(offer.total_amount, cur) }),
      ]),
    );
    // after today: the first charge of a trial, and what each renewal costs while a discount lasts and after it
    const periods = discountPeriods(offer.discount);
    const after = offer.discount && offer.discount.recurring_total_amount_after_discount;
    const per = (amount) => t("perPeriod", { amount: money(amount, cur) });
    const plural = (n) => t(n === 1 ? "periodOne" : "periodMany", { count: n });
    /** the renewals once `used` discounted periods are behind */
    const renewals = (used) =>
      !after
        ? per(offer.recurring_total_amount)
        : periods - used > 0
          ? t("forThen", {
              per: per(offer.recurring_total_amount),
              periods: used ? t("more", { periods: plural(periods - used) }) : plural(periods),
              after: per(after),
            })
          : per(after);
    if (offer.trial_end_at) {
      const days = Math.round((Date.parse(offer.trial_end_at) - Date.parse(offer.trial_start_at)) / 86400000);
      const on = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" }).format(new Date(offer.first_charge_at));
      const free = t(days === 1 ? "freeDay" : "freeDays", { count: days });
      // a first charge like every renewal reads as one run of periods from the trial's end
      const text =
        offer.recurring_items.length && offer.first_charge_amount === offer.recurring_total_amount
          ? t("trialLikeRenewal", { free, date: on, renewals: renewals(0) })
          : t("trialThen", {
              free,
              amount: money(offer.first_charge_amount, cur),
              date: on,
              after: offer.recurring_items.length ? t("afterThat", { renewals: renewals(1) }) : "",
            });
      rows.push(el("tr", { "data-testid": "trial-row" }, [el("td", { colspan: "2", text })]));
    } else if (offer.recurring_items.length)
      rows.push(
        el("tr", { "data-testid": "renewal-row" }, [
          el("td", { class: "muted", colspan: "2", text: t("then", { renewals: renewals(1) }) }),
        ]),
      );
    return el("table", {}, [el("caption", { class: "muted", text: t("yourSubscription") }), el("tbody", {}, rows)]);
  }

  async function encrypt(publicKeyPem, card) {
    const der = Uint8Array.from(atob(publicKeyPem.replace(/-----[^-]+-----|\s/g, "")), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
    const data = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(JSON.stringify(card)));
    return btoa(String.fromCharCode(...new Uint8Array(data)));
  }

  /** What each sandbox render mode does with the card, shown above the card fields. */
  const MODE_NOTE = {
    generic_card_form: t("mode_generic_card_form"),
    vendor_a_encrypted_card: t("mode_vendor_a_encrypted_card"),
    vendor_b_checkout: t("mode_vendor_b_checkout"),
    vendor_c_checkout: t("mode_vendor_c_checkout"),
  };

  /** A numeric card input and its label; its id is "sc-" + its name. */
  function cardField(name, label, autocomplete, placeholder) {
    const id = `sc-${name}`;
    return [
      el("label", { for: id, text: label }),
      el("input", { id, name, type: "text", inputmode: "numeric", autocomplete, required: true, placeholder }),
    ];
  }

  /** Number, expiry and CVC with their labels (the same for every render mode). */
  function cardFields() {
    return [
      ...cardField("number", t("cardNumber"), "cc-number", "4242 4242 4242 4242"),
      el("div", { class: "row" }, [
        el("div", {}, cardField("expiry", t("expiry"), "cc-exp", "12/30")),
        el("div", {}, cardField("cvc", t("cvc"), "cc-csc", "123")),
      ]),
    ];
  }

  window.SubscriptionCheckoutKit = {
    el,
    t,
    money,
    messageOf,
    request,
    wait,
    offerTable,
    encrypt,
    MODE_NOTE,
    cardFields,
  };
})();
