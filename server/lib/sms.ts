/** How codes reach a phone. The log provider is the default for local runs and tests. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

export interface SentSms {
  phone: string;
  text: string;
  at: Date;
}

/**
 * Writes each message to the server log (what a developer running Dolya locally needs) and keeps
 * an in-memory outbox that tests read codes from, so no test ever needs a back door in the API.
 */
export class LogSmsSender implements SmsSender {
  readonly name = 'log';
  readonly outbox: SentSms[] = [];
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}

  async send(phone: string, text: string): Promise<void> {
    this.outbox.push({ phone, text, at: new Date() });
    this.log(`SMS to ${phone}: ${text}`);
  }

  /** The newest message sent to a phone, for tests. */
  lastTo(phone: string): SentSms | undefined {
    for (let i = this.outbox.length - 1; i >= 0; i--) if (this.outbox[i]!.phone === phone) return this.outbox[i];
    return undefined;
  }
}
