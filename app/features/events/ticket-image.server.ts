/** A ticket's QR code as SVG markup, drawn on the server (the page needs no script to show it). */
export async function ticketQrSvg(code: string): Promise<string> {
  const { default: qrcode } = await import("qrcode");
  return qrcode.toString(code, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}
