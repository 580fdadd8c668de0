import type { FastifyRequest } from 'fastify';
import {
  isAddressName,
  isSecretName,
  maskAddressesIn,
  maskedQueryValue,
  REDACTED,
  redactUrl,
} from '../redact.js';

/**
 * The console's logger: requests are logged with secret query parameters redacted (a socket's
 * `?token=`, `?X-API-KEY=`), never with headers, and error texts are scrubbed the same way.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error & { code?: unknown }) => ({
        type: err.name,
        message: scrubText(err.message),
        ...(err.code !== undefined ? { code: err.code } : {}),
        stack: err.stack === undefined ? undefined : scrubText(err.stack),
      }),
    },
  };
}

/**
 * `name=value` pairs with a secret name inside free text (an error naming a URL), and the secret
 * parts of every http(s) address in it (a webhook's token or hook id).
 */
export function scrubText(text: string): string {
  return maskAddressesIn(text).replace(
    /([\w.-]+)=([^&\s"']+)/g,
    (pair, name: string, value: string) => {
      if (isAddressName(name)) return `${name}=${maskedQueryValue(value)}`;
      return isSecretName(name) ? `${name}=${REDACTED}` : pair;
    },
  );
}
