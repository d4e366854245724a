/**
 * Minutes this browser's clock is ahead of UTC, as the calls that count calendar days want it
 * (Moscow: 180). The server names days by the reader's clock, not its own.
 */
export function utcOffsetMinutes(date = new Date()): number {
  const offset = -date.getTimezoneOffset();
  // A clock on UTC gives -0: a query carries it as "0" anyway, but Object.is (and so a test's
  // toEqual) tells it from 0.
  return offset === 0 ? 0 : offset;
}
