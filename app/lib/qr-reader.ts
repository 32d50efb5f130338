/**
 * Reads QR codes from a camera's video: with the browser's own BarcodeDetector where it reads
 * QR codes (Chrome on Android), else with jsQR, a pure-JS decoder fetched only then. Pure JS
 * because WebAssembly decoders need `'wasm-unsafe-eval'` in the site's script policy.
 */
export interface QrReader {
  /** The text of a QR code in the video's current frame, if there is one. */
  read(video: HTMLVideoElement): Promise<string | undefined>;
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetectorIn(scope: object): Promise<NativeDetectorClass | undefined> {
  const Detector = (scope as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  // Desktop Chrome on Linux and Windows has the class but no QR support.
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  return formats.includes("qr_code") ? Detector : undefined;
}

export async function openQrReader(
  scope: object = globalThis,
  loadFallback: () => Promise<QrReader> = loadJsQrReader,
): Promise<QrReader> {
  const Detector = await nativeDetectorIn(scope);
  if (!Detector) return loadFallback();
  const detector = new Detector({ formats: ["qr_code"] });
  return { read: async (video) => (await detector.detect(video))[0]?.rawValue };
}

/** Frames are scaled down to this width first: enough for a ticket held up to a phone, and fast. */
const FRAME_WIDTH = 640;

async function loadJsQrReader(): Promise<QrReader> {
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return {
    async read(video) {
      if (!context || video.videoWidth === 0) return undefined;
      const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data;
    },
  };
}

let opening: Promise<QrReader> | undefined;

/** One reader per page, opened on first use; a failed open (the decoder not fetched) is tried again next time. */
export function sharedQrReader(): Promise<QrReader> {
  opening ??= openQrReader().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
