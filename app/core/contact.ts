/** `22.6450, 92.1900` as numbers; null when the text is not a latitude and a longitude. */
export function parseCoordinates(value: string): { lat: number; lon: number } | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/**
 * The map of the club's location: coordinates are drawn on OpenStreetMap (a street-level view
 * around a marker); any other value is a map address to embed and to open as it is.
 */
export function mapOf(location: string): { embedUrl: string; linkUrl: string } {
  const point = parseCoordinates(location);
  if (!point) return { embedUrl: location, linkUrl: location };
  const at = (value: number) => value.toFixed(4);
  const box = [point.lon - 0.02, point.lat - 0.015, point.lon + 0.02, point.lat + 0.015].map(at).join("%2C");
  const [lat, lon] = [at(point.lat), at(point.lon)];
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat}%2C${lon}`,
    linkUrl: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`,
  };
}

/** A `tel:` link's number: digits and a leading plus only. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
