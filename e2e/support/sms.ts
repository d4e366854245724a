import fs from 'node:fs';
import path from 'node:path';

/** The log the end-to-end server writes (e2e/serve.ts); the log SMS provider puts one line per code there. */
export const SERVER_LOG = path.resolve(process.env.E2E_LOG ?? '.tmp/e2e-server.log');

/**
 * The newest code sent to a phone (E.164), read from the server log lines
 * `SMS to <phone>: ...<6 digits>`. Waits a little, since the log is written asynchronously.
 */
export async function smsCode(phone: string, { after = 0, timeoutMs = 5000 }: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const marker = `SMS to ${phone}:`;
  for (;;) {
    const lines = fs.existsSync(SERVER_LOG) ? fs.readFileSync(SERVER_LOG, 'utf8').split('\n') : [];
    // Lines before `after` were there before the code was asked for.
    const found = lines
      .slice(after)
      .reverse()
      .find((line) => line.includes(marker));
    const code = found && /SMS to \+\d+: .*?\b(\d{6})\b/.exec(found)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${phone} in ${SERVER_LOG}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many lines the log has now, to read only codes sent after this point. */
export function logLineCount(): number {
  return fs.existsSync(SERVER_LOG) ? fs.readFileSync(SERVER_LOG, 'utf8').split('\n').length - 1 : 0;
}
