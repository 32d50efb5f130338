import { translatorOf } from "~/i18n/translate.server";

/** A message as English readers see it (the spec's texts are these): `en("common.nav.login")`. */
export const en = translatorOf("en").t;
/** The same message in Bangla. */
export const bn = translatorOf("bn").t;
