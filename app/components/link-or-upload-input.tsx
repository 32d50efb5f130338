import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from "react";
import type { MessageKey } from "~/i18n/catalogs";
import type { Locale } from "~/i18n/locales";
import { Message, type Translate, useLocale, useT } from "~/i18n/react";
import { isAllowedLink, isPdfLink, MEDIA_URL_PREFIX, parseUploadedImage, variantKey } from "~/lib/media";
import { useHydrated } from "~/lib/use-hydrated";

export type UploadKind = "image" | "pdf";

/**
 * What each link field takes as an upload, by field name (the same in every collection; a
 * list row's `carouselSlides.0.img` by its last part). A result's `pdfFile` may also be a
 * picture of the sheet (spec: "pdf or image link").
 */
const UPLOAD_KINDS: Record<string, readonly UploadKind[]> = {
  photoURL: ["image"],
  logo: ["image"],
  videoPosterUrl: ["image"],
  img: ["image"],
  img1: ["image"],
  img2: ["image"],
  img3: ["image"],
  pdfLink: ["pdf"],
  pdfFile: ["pdf", "image"],
};

export function uploadKindsOf(fieldName: string): readonly UploadKind[] {
  return UPLOAD_KINDS[fieldName.slice(fieldName.lastIndexOf(".") + 1)] ?? ["image", "pdf"];
}

const FILE_TYPES: Record<UploadKind, string> = {
  image: "image/jpeg,image/png,image/webp,image/avif,image/gif",
  pdf: "application/pdf,.pdf",
};

const UPLOAD_LABEL: Record<string, MessageKey> = {
  image: "accounts.upload.image",
  pdf: "accounts.upload.pdf",
  "pdf,image": "accounts.upload.pdfOrImage",
};

type UploadState = { state: "idle" } | { state: "uploading"; fileName: string } | { state: "failed"; message: string };

interface LinkOrUploadInputProps {
  /** The text control's attributes (id, name, required, aria-*); from `defaultValue` on, its value is managed here. */
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, "defaultValue" | "value" | "type"> & { defaultValue: string };
  fieldName: string;
  className: string;
}

/**
 * A link field that also takes an uploaded file: the file goes to /api/uploads at once and
 * its address fills the link, so the form itself still posts plain text (and works without
 * JavaScript, as a typed link). A refused file shows why and leaves the form as it was.
 */
export function LinkOrUploadInput({ inputProps, fieldName, className }: LinkOrUploadInputProps) {
  const t = useT();
  const locale = useLocale();
  const { defaultValue, ...controlProps } = inputProps;
  const [value, setValue] = useState(defaultValue);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState>({ state: "idle" });
  const hydrated = useHydrated();
  const fileInputId = useId();
  const kinds = uploadKindsOf(fieldName);

  // Another record's form may reuse this component (edit one student, then the next).
  useEffect(() => setValue(defaultValue), [defaultValue]);

  async function uploadChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUpload({ state: "uploading", fileName: file.name });
    const result = await sendFile(file, kinds, { t, locale });
    input.value = "";
    if ("url" in result) {
      setValue(result.url);
      setUploadedName(file.name);
      setUpload({ state: "idle" });
    } else {
      setUpload({ state: "failed", message: result.message });
    }
  }

  return (
    <>
      <input
        {...controlProps}
        type="text"
        inputMode="url"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setUploadedName(null);
        }}
        className={className}
      />
      {hydrated && (
        <div className="flex flex-col gap-1">
          <label htmlFor={fileInputId} className="text-sm text-slate-700">
            {t(UPLOAD_LABEL[kinds.join(",")] ?? "accounts.upload.pdfOrImage")}
          </label>
          <input
            id={fileInputId}
            type="file"
            accept={kinds.map((kind) => FILE_TYPES[kind]).join(",")}
            onChange={uploadChosenFile}
            disabled={upload.state === "uploading"}
            className="file-input"
          />
          <p role="status" className="text-sm text-slate-600">
            {upload.state === "uploading" ? t("accounts.upload.uploading", { fileName: upload.fileName }) : ""}
          </p>
          {upload.state === "failed" && (
            <p role="alert" className="text-sm text-red-700">
              {upload.message}
            </p>
          )}
        </div>
      )}
      <ChosenFilePreview link={value.trim()} kinds={kinds} uploadedName={uploadedName} />
    </>
  );
}

async function sendFile(
  file: File,
  kinds: readonly UploadKind[],
  reader: { t: Translate; locale: Locale },
): Promise<{ url: string } | { message: string }> {
  const body = new FormData();
  body.append("file", file);
  try {
    const response = await fetch(`/api/uploads?accept=${[...kinds].sort().join(",")}`, { method: "POST", body });
    const answer = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
    if (response.ok && answer.url) return { url: answer.url };
    // The API explains a refusal in English, naming the file and the limit: English readers get
    // its words; other languages the catalog's, by status (the API's JSON stays English).
    if (reader.locale === "en" && answer.message) return { message: answer.message };
    return { message: refusalText(response.status, file.name, kinds, reader.t) };
  } catch {
    return { message: reader.t("accounts.upload.failedNetwork") };
  }
}

/** What /api/uploads's refusals mean to the person choosing the file: 400 the file, 413 its size, 429 too many. */
function refusalText(status: number, fileName: string, kinds: readonly UploadKind[], t: Translate): string {
  switch (status) {
    case 400:
      return t("accounts.upload.refusedFile", { fileName, what: kinds.length > 1 ? "either" : kinds[0] });
    case 413:
      return t("accounts.upload.refusedSize", { fileName });
    case 429:
      return t("accounts.upload.refusedBusy");
    default:
      return t("accounts.upload.failedStatus", { status });
  }
}

/** The chosen picture, small; for a PDF its file name. */
function ChosenFilePreview({
  link,
  kinds,
  uploadedName,
}: {
  link: string;
  kinds: readonly UploadKind[];
  uploadedName: string | null;
}) {
  const t = useT();
  if (!isAllowedLink(link)) return null;
  const pdf = !kinds.includes("image") || isPdfLink(link);
  if (pdf) {
    const name = uploadedName ?? decodeURIComponent(link.split(/[?#]/)[0]?.split("/").pop() ?? link);
    return (
      <p className="text-sm text-slate-700">
        <Message id="accounts.upload.pdfFile" values={{ name }} components={{ 0: <FileLink href={link} /> }} />
      </p>
    );
  }
  return (
    <img
      src={previewSource(link)}
      alt={uploadedName ? t("accounts.upload.previewOf", { name: uploadedName }) : t("accounts.upload.previewChosen")}
      width={160}
      height={120}
      className="h-30 w-40 rounded-lg border border-slate-200 bg-slate-50 object-contain"
    />
  );
}

/** The chosen PDF's link; the message gives it the file's name. */
function FileLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="break-all text-navy-700 underline">
      {children}
    </a>
  );
}

/** An upload's smallest variant rather than the full original. */
function previewSource(link: string): string {
  const image = parseUploadedImage(link);
  if (!image) return link;
  return `${MEDIA_URL_PREFIX}${variantKey(image.hash, Math.min(320, image.width), "webp")}`;
}
