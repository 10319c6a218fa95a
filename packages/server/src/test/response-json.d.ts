// In tests, response bodies are checked by assertion, not by type: `res.json()` is `any` here.
declare global {
  interface Response {
    json(): Promise<any>;
  }
}
export {};
