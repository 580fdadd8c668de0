// autocannon ships no types; the bench reads these fields of its JSON result.
declare module 'autocannon' {
  namespace autocannon {
    interface Result {
      requests: { average: number };
      latency: { p99: number };
      non2xx: number;
      errors: number;
    }
  }
  const autocannon: unknown;
  export default autocannon;
}
