/** The part of autocannon's API the page bench uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  export type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    timeout?: number
    headers?: Record<string, string>
  }
  export type Result = {
    url: string
    duration: number
    connections: number
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, {count: number}>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
