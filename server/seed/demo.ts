// Demo data: a seller with a full catalog, a second seller for isolation checks, an owner and a
// read-only user.
// Used by `npm run db:seed`, by the start script on an empty database and by the tests.

import { generateKeyPairSync } from "node:crypto";
import bcrypt from "bcryptjs";
import { createApiKey } from "@/server/domain/auth/apiKeys";
import type { PrismaClient } from "@/server/generated/prisma/client";

export interface SeedOptions {
  secretKey?: string;
  publicKey?: string;
  tokenKey?: string;
  otherSecretKey?: string;
  adminEmail?: string;
  adminPassword?: string;
  now?: Date;
}

export interface SeedResult {
  accountId: number;
  otherAccountId: number;
  keys: { secret: string; public: string; token: string; otherSecret: string };
  admin: { email: string; password: string };
  /** a read_only user of the demo account (same password as the admin) */
  viewer: { email: string; password: string };
  ids: Record<string, number>;
}

const DAY = 86_400_000;

export async function seedDemo(db: PrismaClient, opts: SeedOptions = {}): Promise<SeedResult> {
  const now = opts.now ?? new Date();
  const admin = { email: opts.adminEmail ?? "admin@example.com", password: opts.adminPassword ?? "demo-password" };
  const account = await db.account.create({ data: { name: "Demo Seller", mode: "test" } });
  const other = await db.account.create({ data: { name: "Other Seller", mode: "test" } });
  const keys = {
    secret: (await createApiKey(db, account.id, "secret", "Demo secret key", opts.secretKey)).key,
    public: (await createApiKey(db, account.id, "public", "Demo public key", opts.publicKey)).key,
    token: (await createApiKey(db, account.id, "token", "Legacy token", opts.tokenKey)).key,
    otherSecret: (await createApiKey(db, other.id, "secret", "Other secret key", opts.otherSecretKey)).key,
  };
  await db.user.create({
    data: {
      accountId: account.id,
      email: admin.email,
      name: "Demo Admin",
      role: "owner",
      passwordHash: await bcrypt.hash(admin.password, 10),
    },
  });
  // derived from a given admin email, so several demo worlds can share a database (tests)
  const viewer = {
    email: opts.adminEmail ? `viewer-${opts.adminEmail}` : "viewer@example.com",
    password: admin.password,
  };
  await db.user.create({
    data: {
      accountId: account.id,
      email: viewer.email,
      name: "Demo Viewer",
      role: "read_only",
      passwordHash: await bcrypt.hash(viewer.password, 10),
    },
  });
  await db.user.create({
    data: {
      accountId: other.id,
      email: "other-admin@example.com",
      name: "Other Admin",
      passwordHash: await bcrypt.hash(admin.password, 10),
    },
  });

  const A = account.id;
  await db.customer.createMany({
    data: [
      { accountId: A, reference: "cust-1001", name: "Alice Example", email: "alice@example.com" },
      { accountId: A, reference: "cust-1002", name: "Bob Example", email: "bob@example.com" },
      { accountId: A, reference: "cust-1003", name: "Carol Example", email: "carol@example.com" },
    ],
  });
  const vat = await db.taxRate.create({ data: { accountId: A, name: "VAT 24%", percentage: "24.0000" } });
  const reduced = await db.taxRate.create({ data: { accountId: A, name: "VAT 10% (reduced)", percentage: "10.0000" } });

  const product = (data: {
    name: string;
    reference: string;
    description?: string;
    electronic?: boolean;
    taxPolicy?: string;
    taxRateId?: number;
    active?: boolean;
  }) => db.catalogProduct.create({ data: { accountId: A, electronic: true, ...data } });
  const price = (
    productId: number,
    reference: string,
    amount: string,
    options: {
      currency?: string;
      billingType?: string;
      interval?: string | null;
      intervalCount?: number | null;
      billingDayOfMonth?: number | null;
      billingScheduleId?: number | null;
      active?: boolean;
    } = {},
  ) =>
    db.catalogPrice.create({
      data: {
        accountId: A,
        productId,
        reference,
        currency: options.currency ?? "EUR",
        billingType: options.billingType ?? "recurring",
        recurrenceType:
          (options.billingType ?? "recurring") === "recurring"
            ? options.billingScheduleId
              ? "billing_schedule"
              : "interval"
            : null,
        interval: options.interval === undefined ? "month" : options.interval,
        intervalCount: options.intervalCount === undefined ? 1 : options.intervalCount,
        billingDayOfMonth: options.billingDayOfMonth ?? null,
        billingScheduleId: options.billingScheduleId ?? null,
        active: options.active ?? true,
        versions: { create: { unitAmount: amount } },
      },
    });

  const streaming = await product({
    name: "Streaming Basic",
    reference: "streaming-basic",
    description: "HD streaming on one screen",
    taxPolicy: "exclusive",
    taxRateId: vat.id,
  });
  const premium = await product({
    name: "Streaming Premium",
    reference: "streaming-premium",
    description: "4K streaming on four screens",
    taxPolicy: "exclusive",
    taxRateId: vat.id,
  });
  const magazine = await product({
    name: "Printed Magazine",
    reference: "magazine",
    description: "Monthly print edition",
    electronic: false,
    taxPolicy: "inclusive",
    taxRateId: reduced.id,
  });
  const newspaper = await product({
    name: "Weekend Newspaper",
    reference: "newspaper",
    electronic: false,
    taxPolicy: "inclusive",
    taxRateId: reduced.id,
  });
  const setup = await product({ name: "Setup Fee", reference: "setup-fee", taxPolicy: "exclusive", taxRateId: vat.id });
  const sports = await product({
    name: "Sports Add-on",
    reference: "sports-addon",
    taxPolicy: "exclusive",
    taxRateId: vat.id,
  });
  const screen = await product({
    name: "Extra Screen",
    reference: "extra-screen",
    taxPolicy: "exclusive",
    taxRateId: vat.id,
  });
  const kids = await product({
    name: "Kids Channel",
    reference: "kids-channel",
    taxPolicy: "exclusive",
    taxRateId: vat.id,
  });
  const coaching = await product({ name: "Weekly Coaching", reference: "coaching" });
  const legacy = await product({ name: "Legacy Plan", reference: "legacy-plan", active: false });

  const quarterly = await db.billingSchedule.create({
    data: {
      accountId: A,
      name: "Quarterly (calendar)",
      timezone: "Europe/Helsinki",
      rules: { create: [1, 4, 7, 10].map((month, i) => ({ month, day: 1, label: `Q${i + 1}`, displayOrder: i })) },
    },
  });

  const basicMonthly = await price(streaming.id, "streaming-basic-monthly", "9.9000");
  const basicYearly = await price(streaming.id, "streaming-basic-yearly", "99.0000", { interval: "year" });
  const basicUsd = await price(streaming.id, "streaming-basic-monthly-usd", "10.9000", { currency: "USD" });
  const premiumMonthly = await db.catalogPrice.create({
    data: {
      accountId: A,
      productId: premium.id,
      reference: "streaming-premium-monthly",
      currency: "EUR",
      billingType: "recurring",
      recurrenceType: "interval",
      interval: "month",
      intervalCount: 1,
      versions: {
        create: [
          { unitAmount: "12.9000", effectiveFrom: null, effectiveTo: new Date(now.getTime() - 60 * DAY) },
          {
            unitAmount: "14.9000",
            effectiveFrom: new Date(now.getTime() - 60 * DAY),
            effectiveTo: new Date(now.getTime() + 30 * DAY),
          },
          { unitAmount: "16.9000", effectiveFrom: new Date(now.getTime() + 30 * DAY), effectiveTo: null },
        ],
      },
    },
  });
  const magazineMonthly = await price(magazine.id, "magazine-monthly", "12.0000", { billingDayOfMonth: 1 });
  const newspaperMonthly = await price(newspaper.id, "newspaper-monthly", "8.0000", { billingDayOfMonth: 15 });
  const setupFee = await price(setup.id, "setup-fee", "19.0000", {
    billingType: "one_time",
    interval: null,
    intervalCount: null,
  });
  const sportsMonthly = await price(sports.id, "sports-monthly", "5.0000");
  const sportsYearly = await price(sports.id, "sports-yearly", "50.0000", { interval: "year" });
  const screenMonthly = await price(screen.id, "extra-screen-monthly", "3.0000");
  const kidsMonthly = await price(kids.id, "kids-monthly", "4.0000");
  const coachingWeekly = await price(coaching.id, "coaching-weekly", "25.0000", { interval: "week" });
  const quarterlyPrice = await price(magazine.id, "magazine-quarterly", "33.0000", {
    interval: null,
    intervalCount: null,
    billingScheduleId: quarterly.id,
  });
  const inactivePrice = await price(legacy.id, "legacy-monthly", "7.0000", { active: false });

  const family = await db.bundleTemplate.create({
    data: {
      accountId: A,
      name: "Family Bundle",
      reference: "family",
      description: "Streaming with an optional magazine",
      defaultCurrency: "EUR",
      items: {
        create: [
          {
            productId: streaming.id,
            quantity: 1,
            required: true,
            priceOptionScope: "selectable",
            defaultPriceId: basicMonthly.id,
            displayOrder: 0,
            selectablePrices: {
              create: [
                { priceId: basicMonthly.id, displayLabel: "Basic", isDefault: true, displayOrder: 0 },
                { priceId: premiumMonthly.id, displayLabel: "Premium", displayOrder: 1 },
              ],
            },
          },
          {
            productId: magazine.id,
            quantity: 1,
            required: false,
            priceOptionScope: "fixed",
            defaultPriceId: magazineMonthly.id,
            displayOrder: 1,
          },
        ],
      },
    },
    include: { items: true },
  });
  const kidsBundle = await db.bundleTemplate.create({
    data: {
      accountId: A,
      name: "Kids Bundle",
      reference: "kids",
      defaultCurrency: "EUR",
      items: {
        create: [
          {
            productId: kids.id,
            quantity: 1,
            required: true,
            priceOptionScope: "product_active_recurring",
            defaultPriceId: kidsMonthly.id,
          },
        ],
      },
    },
  });
  const sportsRule = await db.addonRule.create({
    data: {
      accountId: A,
      bundleId: family.id,
      targetProductId: sports.id,
      defaultPriceId: sportsMonthly.id,
      minQuantity: 0,
      maxQuantity: 1,
      displayOrder: 0,
    },
  });
  const screenRule = await db.addonRule.create({
    data: {
      accountId: A,
      bundleId: family.id,
      targetProductId: screen.id,
      defaultPriceId: screenMonthly.id,
      minQuantity: 1,
      maxQuantity: 3,
      displayOrder: 1,
    },
  });
  const kidsRule = await db.addonRule.create({
    data: {
      accountId: A,
      bundleId: family.id,
      targetBundleId: kidsBundle.id,
      minQuantity: 1,
      maxQuantity: 1,
      displayOrder: 2,
    },
  });
  await db.bundleTemplate.create({
    data: { accountId: A, name: "Retired Bundle", reference: "retired", active: false, defaultCurrency: "EUR" },
  });

  const post = await db.shippingOption.create({
    data: {
      accountId: A,
      name: "Post",
      serviceCode: "POST",
      currency: "EUR",
      priceAmount: "4.9000",
      freeAboveAmount: "50.0000",
    },
  });
  const locker = await db.shippingOption.create({
    data: {
      accountId: A,
      name: "Parcel Locker",
      serviceCode: "LOCKER",
      currency: "EUR",
      priceAmount: "3.9000",
      requiresLocation: true,
    },
  });

  // payments: a sandbox card processor per render mode (EUR), an invoice processor, customers' cards
  const processor = (
    displayName: string,
    processorType: string,
    renderMode: string,
    collectionMethod = "card",
    currency = "EUR",
  ) =>
    db.accountPaymentProcessor.create({
      data: { accountId: A, displayName, processorType, renderMode, collectionMethod, currency },
    });
  const cardProcessor = await processor("Sandbox card form", "sandbox_generic", "generic_card_form");
  const invoiceProcessor = await processor("Sandbox invoice", "sandbox_generic", "generic_card_form", "invoice");
  const vendorB = await processor("Vendor B drop-in (sandbox)", "sandbox_vendor_b", "vendor_b_checkout");
  const vendorC = await processor("Vendor C embedded (sandbox)", "sandbox_vendor_c", "vendor_c_checkout");
  const rsa = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const vendorA = await db.accountPaymentProcessor.create({
    data: {
      accountId: A,
      displayName: "Vendor A encrypted card (sandbox)",
      processorType: "sandbox_vendor_a",
      renderMode: "vendor_a_encrypted_card",
      collectionMethod: "card",
      currency: "USD",
      config: { public_key: rsa.publicKey, private_key: rsa.privateKey },
    },
  });
  // each processor's webhook secret is random, set by a database trigger when the row is created
  const card = (customerId: number, number: string) =>
    db.paymentMethod.create({
      data: {
        accountId: A,
        customerId,
        processorId: cardProcessor.id,
        collectionMethod: "card",
        verified: true,
        cardBrand: number.startsWith("5") ? "mastercard" : "visa",
        cardLast4: number.slice(-4),
        cardExpMonth: 12,
        cardExpYear: 2030,
        token: `tok_sandbox_${number}`,
      },
    });
  const customers = await db.customer.findMany({ where: { accountId: A }, orderBy: { id: "asc" } });
  const goodCard = await card(customers[0].id, "4242424242424242");
  const declinedCard = await card(customers[1].id, "4000000000000002");

  // the other seller: a small catalog of its own, for isolation checks
  const O = other.id;
  await db.customer.create({ data: { accountId: O, reference: "other-cust-1", name: "Other Customer" } });
  const otherProduct = await db.catalogProduct.create({
    data: { accountId: O, name: "Other Product", reference: "other-product" },
  });
  const otherPrice = await db.catalogPrice.create({
    data: {
      accountId: O,
      productId: otherProduct.id,
      reference: "other-monthly",
      currency: "EUR",
      billingType: "recurring",
      recurrenceType: "interval",
      interval: "month",
      intervalCount: 1,
      versions: { create: { unitAmount: "1.0000" } },
    },
  });
  const otherBundle = await db.bundleTemplate.create({
    data: { accountId: O, name: "Other Bundle", reference: "other-bundle", defaultCurrency: "EUR" },
  });

  return {
    accountId: A,
    otherAccountId: O,
    keys,
    admin,
    viewer,
    ids: {
      vat: vat.id,
      reduced: reduced.id,
      streaming: streaming.id,
      premium: premium.id,
      magazine: magazine.id,
      newspaper: newspaper.id,
      setup: setup.id,
      sports: sports.id,
      screen: screen.id,
      kids: kids.id,
      coaching: coaching.id,
      legacy: legacy.id,
      quarterly: quarterly.id,
      basicMonthly: basicMonthly.id,
      basicYearly: basicYearly.id,
      basicUsd: basicUsd.id,
      premiumMonthly: premiumMonthly.id,
      magazineMonthly: magazineMonthly.id,
      newspaperMonthly: newspaperMonthly.id,
      setupFee: setupFee.id,
      sportsMonthly: sportsMonthly.id,
      sportsYearly: sportsYearly.id,
      screenMonthly: screenMonthly.id,
      kidsMonthly: kidsMonthly.id,
      coachingWeekly: coachingWeekly.id,
      quarterlyPrice: quarterlyPrice.id,
      inactivePrice: inactivePrice.id,
      family: family.id,
      familyStreamingItem: family.items[0].id,
      familyMagazineItem: family.items[1].id,
      kidsBundle: kidsBundle.id,
      sportsRule: sportsRule.id,
      screenRule: screenRule.id,
      kidsRule: kidsRule.id,
      post: post.id,
      locker: locker.id,
      otherProduct: otherProduct.id,
      otherPrice: otherPrice.id,
      otherBundle: otherBundle.id,
      cardProcessor: cardProcessor.id,
      invoiceProcessor: invoiceProcessor.id,
      vendorA: vendorA.id,
      vendorB: vendorB.id,
      vendorC: vendorC.id,
      goodCard: goodCard.id,
      declinedCard: declinedCard.id,
      alice: customers[0].id,
      bob: customers[1].id,
      carol: customers[2].id,
    },
  };
}
