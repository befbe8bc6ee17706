/** Time as the services see it; tests inject one they can move forward to expire tokens. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
