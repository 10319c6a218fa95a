// autocannon ships no types; this declares the part of its API the load test uses.
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }[];
  }
  export interface AutocannonResult {
    duration: number;
    requests: { average: number; total: number; sent: number };
    latency: { average: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
