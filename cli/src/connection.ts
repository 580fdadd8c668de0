import { usageError } from './exit-codes.js';

/** Where the console is and who is asking: from flags first, then the environment. */
export interface Connection {
  /** The console's address without a trailing slash, e.g. `https://deploy.example.com`. */
  url: string;
  /** Sent only in the X-API-KEY header; never printed, never in a URL. */
  apiKey: string;
  namespaceId: number;
}

export interface ConnectionFlags {
  url?: string | undefined;
  'api-key'?: string | undefined;
  namespace?: string | undefined;
}

/** Reads `--url`, `--api-key`, `--namespace` or FERRY_URL, FERRY_API_KEY, FERRY_NAMESPACE. */
export function resolveConnection(
  flags: ConnectionFlags,
  env: Record<string, string | undefined>,
): Connection {
  const url = (flags.url ?? env.FERRY_URL ?? '').trim();
  const apiKey = (flags['api-key'] ?? env.FERRY_API_KEY ?? '').trim();
  const namespace = (flags.namespace ?? env.FERRY_NAMESPACE ?? '').trim();
  if (!url) throw usageError('the console address is missing: set FERRY_URL or pass --url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not echoed: an address that does not parse may still hold a password.
    throw usageError('FERRY_URL must be an http:// or https:// address');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw usageError(`FERRY_URL must be an http:// or https:// address (got "${url}")`);
  }
  if (parsed.username || parsed.password || parsed.search) {
    // SECURITY: credentials travel in the X-API-KEY header alone, never in an address.
    throw usageError('FERRY_URL must hold no user, password or query: use FERRY_API_KEY');
  }
  if (!apiKey) throw usageError('the API key is missing: set FERRY_API_KEY (or pass --api-key)');
  if (!namespace) {
    throw usageError('the namespace is missing: set FERRY_NAMESPACE (or pass --namespace)');
  }
  if (!/^[1-9]\d{0,9}$/.test(namespace)) {
    throw usageError(`FERRY_NAMESPACE must be a namespace id, a number (got "${namespace}")`);
  }
  return {
    url: parsed.href.replace(/\/+$/, ''),
    apiKey,
    namespaceId: Number(namespace),
  };
}
