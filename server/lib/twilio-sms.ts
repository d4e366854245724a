import type { SmsSender } from './sms';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (or messaging service sender) Twilio knows, E.164. */
  from: string;
  /** 'https://api.twilio.com'; tests point it at a local fake. */
  baseUrl: string;
  timeoutMs?: number;
}

/** Thrown for any failed send; the message names the status, never the credentials. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Sends through Twilio's Messages REST API: a form-encoded POST with basic auth. */
export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio';
  constructor(private readonly options: TwilioOptions) {}

  async send(phone: string, text: string): Promise<void> {
    const { accountSid, authToken, from, baseUrl, timeoutMs = 10_000 } = this.options;
    const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: phone, From: from, Body: text }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SmsSendError(`Twilio unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      // Twilio explains refusals in a JSON body ({ code, message }); keep it for the log.
      const detail = (await res.text().catch(() => '')).slice(0, 500);
      throw new SmsSendError(`Twilio answered ${res.status}: ${detail}`, res.status);
    }
    await res.body?.cancel();
  }
}
