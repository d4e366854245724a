/**
 * What one attack scenario of `npm run attack` is: a hostile user's attempts against the real
 * server over loopback HTTP, each reported as held (the product resisted) or not, with figures.
 * Scenarios live in bench/attack/scenarios/, one file per concern, each default-exporting an
 * AttackScenario; the runner finds them by directory listing, so adding one touches no other file.
 */
import type { Answer } from '../stress/http';

export interface Account {
  id: number;
  /** E.164. */
  phone: string;
  password: string;
  token: string;
}

export interface AttackContext {
  /** The server's origin, e.g. http://127.0.0.1:41234 (the API is under /app/api). */
  url: string;
  /** A fresh account made the way the sign-up screen makes it: code from the server log, password, login, profile. */
  signUp(profile?: { firstName?: string; lastName?: string; phone?: string }): Promise<Account>;
  /** One JSON request under /app/api (`path` such as '/v1/event/'); never throws on 4xx/5xx. */
  call(token: string | null, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The newest SMS code sent to a phone after the log had `afterLine` lines (see logLines). */
  smsCode(phone: string, afterLine: number): Promise<string>;
  /** How many lines the server log has now. */
  logLines(): number;
  /** A phone number nobody in this run has used yet (+7 915 …). */
  uniquePhone(): string;
}

export interface Finding {
  /** What was tried, in a few words: 'login lock-out by a stranger'. */
  attack: string;
  /** True when the product resisted as required. */
  held: boolean;
  /** Measured figures: attempts made, time taken, answers by status, … */
  figures: Record<string, number | string>;
  /** When not held: what happened instead. */
  detail?: string;
}

export interface AttackScenario {
  name: string;
  /** Settings the scenario needs on the server (merged over the runner's defaults). */
  serverEnv?: Record<string, string>;
  run(ctx: AttackContext): Promise<Finding[]>;
}
