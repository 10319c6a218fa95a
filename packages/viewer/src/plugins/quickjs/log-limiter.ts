/** Console lines one extension may write per second; the rest are dropped (and that is said once). */
export const MAX_LOG_LINES_PER_SECOND = 100;

/**
 * Cuts an extension's console lines to `maxChars` and at most {@link MAX_LOG_LINES_PER_SECOND} a
 * second: a flood costs a counter, not a console. The host's own reports always pass.
 */
export class LogLimiter {
  private window = { start: 0, lines: 0 };

  constructor(
    private readonly maxChars: number,
    private readonly write: (level: string, text: string) => void,
  ) {}

  log(level: string, text: string, fromHost = false): undefined {
    const now = Date.now();
    if (now - this.window.start >= 1000) this.window = { start: now, lines: 0 };
    const lines = ++this.window.lines;
    if (!fromHost && lines > MAX_LOG_LINES_PER_SECOND) {
      if (lines === MAX_LOG_LINES_PER_SECOND + 1) this.write('warn', `more than ${MAX_LOG_LINES_PER_SECOND} console lines in a second: dropping lines`);
      return undefined;
    }
    this.write(level, text.length > this.maxChars ? `${text.slice(0, this.maxChars)}… (${text.length} characters)` : text);
    return undefined;
  }
}
