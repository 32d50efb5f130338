import type { PAYMENT_METHODS } from "~/db/schema";
import type { MessageKey } from "~/i18n/catalogs";

/**
 * Membership dues: the browser-safe part. Apart from the membership screen's dues component so
 * that the dashboard's home, which names the methods of its receipts, ships none of its forms.
 */

/** Each payment method's name on the dashboard's screens. */
export const PAYMENT_METHOD_KEYS = {
  cash: "tools.dues.methodName.cash",
  bkash: "tools.dues.methodName.bkash",
  nagad: "tools.dues.methodName.nagad",
  rocket: "tools.dues.methodName.rocket",
  bank: "tools.dues.methodName.bank",
} as const satisfies Record<(typeof PAYMENT_METHODS)[number], MessageKey>;
