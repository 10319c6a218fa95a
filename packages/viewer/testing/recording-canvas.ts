/** A shape or text that the painter drew: its style and where, in the tile's pixels. */
export interface Drawn {
  op: 'fill' | 'stroke' | 'text';
  style: string;
  lineWidth: number;
  alpha: number;
  text?: string;
  /** The drawn path's (or the text's anchor's) bounds. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface State {
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  dx: number;
  dy: number;
}

/**
 * A 2D canvas context for tests in Node, which has none: it draws nothing and records each fill,
 * stroke and text with its style and bounds (translations followed, as the painter uses them), so
 * a test can ask which colour a layer was painted in, and where.
 */
export class RecordingContext {
  readonly drawn: Drawn[] = [];
  private state: State = { fillStyle: '#000', strokeStyle: '#000', lineWidth: 1, globalAlpha: 1, font: '10px sans-serif', dx: 0, dy: 0 };
  private readonly saved: State[] = [];
  private points: [number, number][] = [];
  miterLimit = 10;
  lineCap = 'butt';
  lineJoin = 'miter';
  textAlign = 'start';
  textBaseline = 'alphabetic';

  get fillStyle() {
    return this.state.fillStyle;
  }
  set fillStyle(v: string) {
    this.state.fillStyle = v;
  }
  get strokeStyle() {
    return this.state.strokeStyle;
  }
  set strokeStyle(v: string) {
    this.state.strokeStyle = v;
  }
  get lineWidth() {
    return this.state.lineWidth;
  }
  set lineWidth(v: number) {
    this.state.lineWidth = v;
  }
  get globalAlpha() {
    return this.state.globalAlpha;
  }
  set globalAlpha(v: number) {
    this.state.globalAlpha = v;
  }
  get font() {
    return this.state.font;
  }
  set font(v: string) {
    this.state.font = v;
  }

  save() {
    this.saved.push({ ...this.state });
  }
  restore() {
    this.state = this.saved.pop() ?? this.state;
  }
  translate(x: number, y: number) {
    this.state.dx += x;
    this.state.dy += y;
  }
  setTransform() {}
  scale() {}
  rotate() {}
  setLineDash() {}
  clip() {}
  rect() {}
  clearRect() {}
  arc(x: number, y: number) {
    this.points.push([x + this.state.dx, y + this.state.dy]);
  }
  beginPath() {
    this.points = [];
  }
  closePath() {}
  moveTo(x: number, y: number) {
    this.points.push([x + this.state.dx, y + this.state.dy]);
  }
  lineTo(x: number, y: number) {
    this.points.push([x + this.state.dx, y + this.state.dy]);
  }
  fillRect(x: number, y: number, w: number, h: number) {
    this.record('fill', this.state.fillStyle, [
      [x + this.state.dx, y + this.state.dy],
      [x + w + this.state.dx, y + h + this.state.dy],
    ]);
  }
  fill() {
    this.record('fill', this.state.fillStyle, this.points);
  }
  stroke() {
    this.record('stroke', this.state.strokeStyle, this.points);
  }
  fillText(text: string, x: number, y: number) {
    this.record('text', this.state.fillStyle, [[x + this.state.dx, y + this.state.dy]], text);
  }
  strokeText() {}
  measureText(text: string) {
    const size = Number(/(\d+)px/.exec(this.state.font)?.[1] ?? 10);
    return { width: text.length * size * 0.6, actualBoundingBoxAscent: size * 0.8, actualBoundingBoxDescent: size * 0.2 };
  }

  private record(op: Drawn['op'], style: string, points: [number, number][], text?: string) {
    if (!points.length) return;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.drawn.push({
      op,
      style,
      lineWidth: this.state.lineWidth,
      alpha: this.state.globalAlpha,
      ...(text === undefined ? {} : { text }),
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    });
  }
}

/** An OffscreenCanvas stand-in whose 2D context records what is drawn. */
export function recordingCanvas(): { canvas: OffscreenCanvas; ctx: RecordingContext } {
  const ctx = new RecordingContext();
  return { canvas: { width: 256, height: 256, getContext: () => ctx } as unknown as OffscreenCanvas, ctx };
}
