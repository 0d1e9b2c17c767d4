// Shared pieces of the checkout widget's page (loaded before checkout-app.js, which holds the flow and its
// state): DOM and request helpers, money formatting, the offer table and the card fields. Plain ES2017, no
// framework; nothing from the server is parsed as HTML.
(() => {
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
      return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(amount);
    } catch (_) {
      return `${amount} ${currency}`;
    }
  };
  const messageOf = (body) => {
    if (!body) return "Something went wrong. Try again.";
    if (typeof body.detail === "string") return body.detail;
    const parts = [];
    for (const v of Object.values(body)) if (Array.isArray(v)) parts.push(...v.filter((x) => typeof x === "string"));
    return parts.join(" ") || "Something went wrong. Try again.";
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
        ? ` · every ${line.interval_count > 1 ? `${line.interval_count} ` : ""}${line.interval}${line.interval_count > 1 ? "s" : ""}`
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
                el("span", { class: "explain", text: `Billed by usage: ${usage} ${cur}; nothing due now.` }),
              ]),
              el("td", { class: "amount", text: "Billed by usage" }),
            ]),
      );
    }
    rows.push(
      el("tr", {}, [el("td", { text: "Tax" }), el("td", { class: "amount", text: money(offer.tax_amount, cur) })]),
    );
    if (offer.discount) {
      const c = offer.discount.coupon;
      const off = c.percent_off ? `${Number(c.percent_off)}% off` : "Discount";
      const runs =
        c.duration === "forever"
          ? "every period"
          : c.duration === "once"
            ? "the first period"
            : `${c.duration_in_periods} periods`;
      rows.push(
        el("tr", { "data-testid": "discount-row" }, [
          el("td", {}, [
            el("span", { text: `Promotion code ${offer.discount.promotion_code || c.name}` }),
            el("span", { class: "explain", text: `${off} for ${runs}; included in the amounts shown.` }),
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
            el("span", { text: `Shipping · ${ship.name}` }),
            el("span", { class: "explain", text: "Recorded with your order; not part of this payment." }),
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
        el("th", { scope: "row", text: "Due today" }),
        el("td", { class: "amount", "data-testid": "total", text: money(offer.total_amount, cur) }),
      ]),
    );
    // after today: the first charge of a trial, and what each renewal costs while a discount lasts and after it
    const periods = discountPeriods(offer.discount);
    const after = offer.discount && offer.discount.recurring_total_amount_after_discount;
    const per = (amount) => `${money(amount, cur)} per period (incl. tax)`;
    const plural = (n) => `${n} period${n === 1 ? "" : "s"}`;
    /** the renewals once `used` discounted periods are behind */
    const renewals = (used) =>
      !after
        ? per(offer.recurring_total_amount)
        : periods - used > 0
          ? `${per(offer.recurring_total_amount)} for ${used ? `${plural(periods - used)} more` : plural(periods)}, then ${per(after)}`
          : per(after);
    if (offer.trial_end_at) {
      const days = Math.round((Date.parse(offer.trial_end_at) - Date.parse(offer.trial_start_at)) / 86400000);
      const on = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(offer.first_charge_at));
      const free = `Free for ${days} day${days === 1 ? "" : "s"}`;
      // a first charge like every renewal reads as one run of periods from the trial's end
      const text =
        offer.recurring_items.length && offer.first_charge_amount === offer.recurring_total_amount
          ? `${free} (first payment on ${on}), then ${renewals(0)}.`
          : `${free}, then ${money(offer.first_charge_amount, cur)} (incl. tax) on ${on}${offer.recurring_items.length ? `; after that ${renewals(1)}` : ""}.`;
      rows.push(el("tr", { "data-testid": "trial-row" }, [el("td", { colspan: "2", text })]));
    } else if (offer.recurring_items.length)
      rows.push(
        el("tr", { "data-testid": "renewal-row" }, [
          el("td", { class: "muted", colspan: "2", text: `Then ${renewals(1)}.` }),
        ]),
      );
    return el("table", {}, [el("caption", { class: "muted", text: "Your subscription" }), el("tbody", {}, rows)]);
  }

  async function encrypt(publicKeyPem, card) {
    const der = Uint8Array.from(atob(publicKeyPem.replace(/-----[^-]+-----|\s/g, "")), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
    const data = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(JSON.stringify(card)));
    return btoa(String.fromCharCode(...new Uint8Array(data)));
  }

  /** What each sandbox render mode does with the card, shown above the card fields. */
  const MODE_NOTE = {
    generic_card_form: "Your card details go to the sandbox card processor.",
    vendor_a_encrypted_card: "Your card is encrypted in your browser before it is sent (Vendor A).",
    vendor_b_checkout: "Vendor B's drop-in: the processor confirms your card a moment later.",
    vendor_c_checkout: "Vendor C checks your card at once.",
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
      ...cardField("number", "Card number", "cc-number", "4242 4242 4242 4242"),
      el("div", { class: "row" }, [
        el("div", {}, cardField("expiry", "Expiry (MM/YY)", "cc-exp", "12/30")),
        el("div", {}, cardField("cvc", "CVC", "cc-csc", "123")),
      ]),
    ];
  }

  window.SubscriptionCheckoutKit = { el, money, messageOf, request, wait, offerTable, encrypt, MODE_NOTE, cardFields };
})();
