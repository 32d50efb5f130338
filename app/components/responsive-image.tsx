import type { ImgHTMLAttributes } from "react";
import { parseUploadedImage, VARIANT_FORMATS, variantSrcSet } from "~/lib/media";

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "alt"> {
  src: string;
  alt: string;
  /** The size to reserve for a linked (not uploaded) image, whose real size is unknown. */
  width: number;
  height: number;
  /** How wide the image is shown, as the `sizes` attribute says it: "(min-width: 768px) 33vw, 100vw". */
  sizes: string;
}

/**
 * An uploaded image as a `<picture>` of its AVIF and WebP variants, so a phone downloads
 * the small one; any other link as a plain `<img>`. The `<picture>` takes no box of its own
 * (`contents`), so the image's classes lay it out as before.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, ...imgProps }: ResponsiveImageProps) {
  const uploaded = parseUploadedImage(src);
  if (!uploaded) return <img src={src} alt={alt} width={width} height={height} {...imgProps} />;
  return (
    <picture className="contents">
      {VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={variantSrcSet(uploaded, format)} sizes={sizes} />
      ))}
      <img src={src} alt={alt} width={uploaded.width} height={uploaded.height} {...imgProps} />
    </picture>
  );
}
