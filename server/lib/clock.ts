/**
 * Where the server reads the time for codes and rate-limit windows. Tests pass their own to
 * expire a code or open a new window without sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
