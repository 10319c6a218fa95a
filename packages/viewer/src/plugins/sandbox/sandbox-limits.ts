/** What one extension may use. */
export interface SandboxLimits {
  /** The QuickJS heap of one extension. */
  memoryBytes: number;
  stackBytes: number;
  /** How long one entry into the sandbox (top-level code, one event, one timer) may run. */
  sliceMs: number;
  /** Longer console lines are cut. */
  maxLogChars: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { memoryBytes: 32 * 1024 * 1024, stackBytes: 256 * 1024, sliceMs: 500, maxLogChars: 10_000 };
