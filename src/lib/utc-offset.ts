/**
 * Minutes this browser's clock is ahead of UTC, as the calls that count calendar days want it
 * (Moscow: 180). The server names days by the reader's clock, not its own.
 */
export function utcOffsetMinutes(date = new Date()): number {
  const offset = -date.getTimezoneOffset();
  // -0 for a clock on UTC; the query would carry it as "0" anyway, but equality checks would not.
  return offset === 0 ? 0 : offset;
}
