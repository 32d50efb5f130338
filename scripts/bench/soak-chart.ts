/** The soak's memory over time as a small SVG line chart: RSS, V8's heap, PGlite's WebAssembly memory, the goal. */

interface ChartSample {
  at: number;
  rssMb: number;
  heapUsedMb: number;
  databaseWasmMb: number;
}

const WIDTH = 720;
const HEIGHT = 360;
const MARGIN = { left: 56, right: 16, top: 36, bottom: 44 };

const LINES: { key: keyof Omit<ChartSample, "at">; label: string; color: string }[] = [
  { key: "rssMb", label: "RSS", color: "#1f4e9c" },
  { key: "heapUsedMb", label: "V8 heap used", color: "#2e8b57" },
  { key: "databaseWasmMb", label: "PGlite wasm memory", color: "#c46a00" },
];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function renderSoakChart(samples: ChartSample[], { title, goalMb }: { title: string; goalMb: number }): string {
  const maxMinutes = Math.max(1, ...samples.map((sample) => sample.at / 60));
  const maxMb = Math.ceil((Math.max(goalMb, ...samples.map((sample) => sample.rssMb)) * 1.1) / 50) * 50;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (minutes: number) => MARGIN.left + (minutes / maxMinutes) * plotWidth;
  const y = (mb: number) => MARGIN.top + plotHeight - (mb / maxMb) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${MARGIN.left}" y="20" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (let mb = 0; mb <= maxMb; mb += 50) {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(mb)}" y2="${y(mb)}" stroke="#ddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${y(mb) + 4}" text-anchor="end">${mb}</text>`,
    );
  }
  const minuteStep = maxMinutes > 10 ? 5 : 1;
  for (let minute = 0; minute <= maxMinutes; minute += minuteStep) {
    parts.push(`<text x="${x(minute)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${minute}</text>`);
  }
  parts.push(
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 8}" text-anchor="middle">minutes</text>`,
    `<text x="14" y="${MARGIN.top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 14 ${MARGIN.top + plotHeight / 2})">MB</text>`,
    `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(goalMb)}" y2="${y(goalMb)}" stroke="#c00" stroke-dasharray="6 4"/>`,
    `<text x="${WIDTH - MARGIN.right}" y="${y(goalMb) - 4}" text-anchor="end" fill="#c00">goal ${goalMb} MB</text>`,
  );
  for (const [index, line] of LINES.entries()) {
    const points = samples
      .map((sample) => `${x(sample.at / 60).toFixed(1)},${y(sample[line.key]).toFixed(1)}`)
      .join(" ");
    parts.push(`<polyline points="${points}" fill="none" stroke="${line.color}" stroke-width="2"/>`);
    const legendX = MARGIN.left + 150 + index * 150;
    parts.push(
      `<rect x="${legendX}" y="10" width="12" height="12" fill="${line.color}"/>`,
      `<text x="${legendX + 16}" y="20">${escapeXml(line.label)}</text>`,
    );
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
