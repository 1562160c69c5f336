import type { SmsParams } from '../sms-params.js';

/** One message to one or more phones. */
export interface OutgoingSms {
  phones: string[];
  params: SmsParams;
  /** Readable text for providers that take no vendor template (the log provider without one). */
  text?: string;
}

/** One way of delivering messages: a vendor's HTTP API, or the log table. */
export interface SmsProvider {
  /** Resolves when the vendor accepted the message; throws SmsSendError with the vendor's reason. */
  send(message: OutgoingSms): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'SmsSendError';
  }
}

/** The SMS configuration fields a provider reads. */
export interface SmsSettings {
  smsCode: string;
  templateId: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  signName: string;
  /** Base URL of the vendor API; empty: the vendor's public address. */
  endpoint: string;
}

const TIMEOUT_MS = 10_000;

/** A vendor call with a timeout; network failures become SmsSendError. */
export async function vendorFetch(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new SmsSendError((error as Error).message, { cause: error });
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new SmsSendError(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
}

/** The configured base URL (scheme optional), else the vendor's. */
export function baseUrl(endpoint: string, fallback: string): string {
  const trimmed = endpoint.trim().replace(/\/+$/, '');
  if (!trimmed) return fallback;
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
