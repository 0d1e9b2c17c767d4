// Currency inputs: ISO 4217 codes only (case-insensitive in, upper case out), one message everywhere.
import { z } from "zod";
import { isCurrencyCode } from "@/server/domain/currencies";

export const CURRENCY_MESSAGE = "A valid ISO 4217 currency code is required (for example EUR, USD, JPY).";

export const currencyInput = z
  .string({ error: "A string is required." })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCurrencyCode, { message: CURRENCY_MESSAGE })
  .meta({ description: "ISO 4217 currency code", example: "EUR" });
