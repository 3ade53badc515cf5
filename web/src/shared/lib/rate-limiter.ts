/** At most `max` events in any window of `windowMs` (the spec's 10 refreshes per 60 s). */
export interface SlidingWindowLimiter {
  tryAcquire(now: number): boolean;
}

export const createSlidingWindowLimiter = (max: number, windowMs: number): SlidingWindowLimiter => {
  let stamps: number[] = [];
  return {
    tryAcquire(now) {
      stamps = stamps.filter((t) => now - t < windowMs);
      if (stamps.length >= max) return false;
      stamps.push(now);
      return true;
    },
  };
};
