import { useEffect, useRef, useState } from "react";
import { type QrReader, sharedQrReader } from "~/lib/qr-reader";
import { useHydrated } from "~/lib/use-hydrated";

export interface QrScannerLabels {
  start: string;
  stop: string;
  starting: string;
  hint: string;
  view: string;
  failed: string;
}

type Camera = "off" | "starting" | "on" | "failed";

const FRAME_INTERVAL_MS = 200;
/** A code still in sight is not read again until it has been out of sight this long. */
const SAME_CODE_PAUSE_MS = 3000;

function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error("No camera here"));
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
}

function withoutRepeats(onText: (text: string) => void): (text: string) => void {
  let last = "";
  let lastSeen = 0;
  return (text) => {
    const now = Date.now();
    const repeat = text === last && now - lastSeen < SAME_CODE_PAUSE_MS;
    last = text;
    lastSeen = now;
    if (!repeat) onText(text);
  };
}

/** Reads frames until stopped; returns the stop. */
function readFrames(video: HTMLVideoElement, reader: QrReader, onText: (text: string) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const readOne = async () => {
    const text = await reader.read(video).catch(() => undefined);
    if (stopped) return;
    if (text) onText(text);
    timer = setTimeout(readOne, FRAME_INTERVAL_MS);
  };
  void readOne();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The rear camera, reading QR codes until stopped; each new code goes to `onRead`. */
export function QrScanner({ onRead, labels }: { onRead: (text: string) => void; labels: QrScannerLabels }) {
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<() => void>(() => {});
  const latestOnRead = useRef(onRead);
  const [camera, setCamera] = useState<Camera>("off");
  const hydrated = useHydrated();
  useEffect(() => {
    latestOnRead.current = onRead;
  });
  useEffect(() => {
    // Fetched now, while there is a network, where the browser has no QR reader of its own.
    sharedQrReader().catch(() => {});
    return () => stop.current();
  }, []);

  async function start() {
    setCamera("starting");
    try {
      const reader = await sharedQrReader();
      const stream = await openRearCamera();
      const stopCamera = () => {
        for (const track of stream.getTracks()) track.stop();
      };
      stop.current = stopCamera;
      const element = video.current;
      if (!element) throw new Error("The scanner is gone");
      element.srcObject = stream;
      await element.play();
      const stopReading = readFrames(
        element,
        reader,
        withoutRepeats((text) => latestOnRead.current(text)),
      );
      stop.current = () => {
        stopReading();
        stopCamera();
        element.srcObject = null;
      };
      setCamera("on");
    } catch {
      stop.current();
      stop.current = () => {};
      setCamera("failed");
    }
  }

  function end() {
    stop.current();
    stop.current = () => {};
    setCamera("off");
  }

  const message = { off: "", starting: labels.starting, on: labels.hint, failed: labels.failed }[camera];
  return (
    <div className="flex flex-col gap-3">
      {/* One button whose label changes, and never disabled while in use, so focus stays on it. */}
      <button
        type="button"
        onClick={{ off: start, starting: undefined, on: end, failed: start }[camera]}
        disabled={!hydrated}
        aria-disabled={camera === "starting" || undefined}
        className={camera === "on" ? "btn border border-slate-300 bg-white text-navy-900" : "btn-navy"}
      >
        {camera === "on" ? labels.stop : labels.start}
      </button>
      <video
        ref={video}
        hidden={camera === "off" || camera === "failed"}
        muted
        playsInline
        aria-label={labels.view}
        className="aspect-[4/3] max-h-[40vh] w-full rounded-xl bg-slate-900 object-cover"
      />
      <p role="status" className={camera === "failed" ? "text-sm text-red-700" : "text-sm text-slate-600"}>
        {message}
      </p>
    </div>
  );
}
