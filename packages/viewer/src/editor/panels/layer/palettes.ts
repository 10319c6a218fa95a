/**
 * The style panel's palettes. Qualitative ones colour categories; sequential ones colour classes of
 * numbers from low (first) to high (last). Those marked `safe` stay distinct for most colour-blind
 * readers (Okabe–Ito; viridis; single-hue ramps).
 */
export interface Palette {
  name: string;
  kind: 'qualitative' | 'sequential';
  safe: boolean;
  colours: readonly string[];
}

export const PALETTES: readonly Palette[] = [
  // Okabe–Ito, then Tableau's: distinct on imagery, and the first eight for colour-blind readers.
  {
    name: 'Okabe–Ito',
    kind: 'qualitative',
    safe: true,
    colours: ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#4e79a7', '#f28e2b', '#59a14f', '#edc948', '#b07aa1'],
  },
  {
    name: 'Tableau 10',
    kind: 'qualitative',
    safe: false,
    colours: ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'],
  },
  // ColorBrewer, seven classes.
  { name: 'Yellow–red', kind: 'sequential', safe: false, colours: ['#ffffb2', '#fed976', '#feb24c', '#fd8d3c', '#fc4e2a', '#e31a1c', '#b10026'] },
  { name: 'Viridis', kind: 'sequential', safe: true, colours: ['#440154', '#443983', '#31688e', '#21918c', '#35b779', '#90d743', '#fde725'] },
  { name: 'Blues', kind: 'sequential', safe: true, colours: ['#eff3ff', '#c6dbef', '#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#084594'] },
  { name: 'Greens', kind: 'sequential', safe: true, colours: ['#edf8e9', '#c7e9c0', '#a1d99b', '#74c476', '#41ab5d', '#238b45', '#005a32'] },
  // Japan's flood depth ranks as MLIT's flood maps colour them (< 0.5, 0.5–3, 3–5, 5–10, 10–20, ≥ 20 m): PLATEAU's flood preset.
  { name: 'MLIT flood depth', kind: 'sequential', safe: false, colours: ['#f7f5a9', '#ffd8c0', '#ffb7b7', '#ff9191', '#f285c9', '#dc7adc'] },
];

/** A palette by name (the first of its kind when there is none of that name and kind). */
export function paletteOf(name: string, kind: Palette['kind']): Palette {
  return PALETTES.find((p) => p.name === name && p.kind === kind) ?? PALETTES.find((p) => p.kind === kind)!;
}

/** `count` colours of a sequential palette, spread from its first to its last. */
export function spread(palette: Palette, count: number): string[] {
  const { colours } = palette;
  if (count <= 1) return [colours[colours.length - 1]!];
  return Array.from({ length: count }, (_, i) => colours[Math.round((i * (colours.length - 1)) / (count - 1))]!);
}
