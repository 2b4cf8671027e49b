/** Colour helpers so a configured brand colour stays readable (WCAG AA). */

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]) {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function luminance([r, g, b]: [number, number, number]) {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

export function contrastRatio(a: string, b: string): number {
  const A = parseHex(a);
  const B = parseHex(b);
  if (!A || !B) return 1;
  const [hi, lo] = [luminance(A), luminance(B)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(rgb: [number, number, number], target: number, amount: number) {
  return rgb.map((v) => v + (target - v) * amount) as [number, number, number];
}

/**
 * The brand colour, darkened (toward black) or lightened (toward white) just
 * enough to reach `ratio` against `background`.
 */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  const rgb = parseHex(color) ?? parseHex("#3b82f6")!;
  const darken = luminance(parseHex(background) ?? [255, 255, 255]) > 0.5;
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(mix(rgb, darken ? 0 : 255, step * 0.05));
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return darken ? "#000000" : "#ffffff";
}

// Every page asks with the site's one colour: the last answer is kept (its
// search for a readable shade was about 1% of a page's render).
let lastBrand: { primary: string; variables: BrandVariables } | null = null;

export type BrandVariables = Readonly<
  Record<"--brand" | "--brand-strong" | "--brand-light", string>
>;

/** CSS custom properties for the brand colour in both themes. */
export function brandVariables(primary: string): BrandVariables {
  if (lastBrand?.primary === primary) return lastBrand.variables;
  const variables = Object.freeze({
    "--brand": parseHex(primary) ? primary : "#3b82f6",
    // Checked against slate-100, the darkest light surface links sit on.
    "--brand-strong": readableOn(primary, "#f1f5f9"),
    // Checked against slate-800, the lightest dark surface links sit on.
    "--brand-light": readableOn(primary, "#1e293b"),
  });
  lastBrand = { primary, variables };
  return variables;
}
