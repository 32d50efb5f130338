import { createRequire } from "node:module";
import { type ShapingFont, shapingFont } from "./shaping.server";

/**
 * Noto Sans Bengali (SIL Open Font License; the TrueType files of @expo-google-fonts'
 * package): Bengali, Latin and the common signs in one family, so English, Bangla and a mix of
 * both print alike. Read from node_modules by the server only, never served.
 */
function fontFile(style: string): string {
  return createRequire(import.meta.url).resolve(
    `@expo-google-fonts/noto-sans-bengali/${style}/NotoSansBengali_${style}.ttf`,
  );
}

export interface PaperFonts {
  regular: ShapingFont;
  bold: ShapingFont;
}

/** The fonts of the club's papers (certificates, receipts), loaded once per process on first use. */
export async function paperFonts(): Promise<PaperFonts> {
  const [regular, bold] = await Promise.all([
    shapingFont(fontFile("400Regular"), "NotoSansBengali-Regular"),
    shapingFont(fontFile("700Bold"), "NotoSansBengali-Bold"),
  ]);
  return { regular, bold };
}
