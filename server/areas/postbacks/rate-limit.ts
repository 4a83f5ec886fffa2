/**
 * Postbacks are rate-limited per app with a token bucket held in this server process (a burst of `burst` postbacks,
 * refilled at `perSecond`). Behind a load balancer each server keeps its own buckets, so the limit is per server.
 * Only apps that have a postback secret get a bucket, so unknown app ids cannot grow the map.
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

export function tokenBuckets(limit: RateLimit) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one token for `key` at time `now` (ms); false when the bucket is empty. */
    take(key: string, now: number): boolean {
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * limit.perSecond);
      bucket.at = now;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
