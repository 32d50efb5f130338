import { describe, expect, it } from "vitest";
import { openQrReader, type QrReader } from "~/lib/qr-reader";

const video = {} as HTMLVideoElement;

const fallback: QrReader = { read: async () => "from jsQR" };

/** A stand-in for the browser's BarcodeDetector class, reading the formats it is given. */
function detectorScope(formats: string[] | Error) {
  const created: string[][] = [];
  class BarcodeDetector {
    constructor(options: { formats: string[] }) {
      created.push(options.formats);
    }
    static getSupportedFormats = async () => {
      if (formats instanceof Error) throw formats;
      return formats;
    };
    detect = async () => [{ rawValue: "from the browser" }];
  }
  return { scope: { BarcodeDetector }, created };
}

function countingFallback() {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return fallback;
    },
    loads: () => loads,
  };
}

describe("choosing the QR reader", () => {
  it("uses the browser's BarcodeDetector where it reads QR codes, and never loads jsQR", async () => {
    const { scope, created } = detectorScope(["ean_13", "qr_code"]);
    const jsQr = countingFallback();
    const reader = await openQrReader(scope, jsQr.load);
    expect(await reader.read(video)).toBe("from the browser");
    expect(created).toEqual([["qr_code"]]);
    expect(jsQr.loads()).toBe(0);
  });

  it("loads jsQR where the browser has no BarcodeDetector", async () => {
    const jsQr = countingFallback();
    expect(await (await openQrReader({}, jsQr.load)).read(video)).toBe("from jsQR");
    expect(jsQr.loads()).toBe(1);
  });

  it("loads jsQR where the BarcodeDetector reads no QR codes or cannot say what it reads", async () => {
    for (const formats of [["ean_13", "code_128"], new Error("NotSupportedError")]) {
      const { scope, created } = detectorScope(formats);
      const jsQr = countingFallback();
      expect(await (await openQrReader(scope, jsQr.load)).read(video)).toBe("from jsQR");
      expect(created).toEqual([]);
    }
  });
});
