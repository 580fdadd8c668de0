import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: nobody needs to log in (`public`), any logged-in user (`user`), or a
 * user holding any one of the listed permission ids in the namespace of `G-N-ID`.
 */
export type Access = 'public' | 'user' | { readonly anyOf: readonly number[] };

/**
 * One endpoint of the wire API. `input` validates the merged query string and JSON body (the body
 * wins), as goploy decodes them; `output` documents `data` of a success answer.
 */
export interface RouteDescriptor<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly input: I;
  readonly output: O;
  /** Mutating routes are written to the operation log unless this says otherwise. */
  readonly audit?: boolean;
  /**
   * Body fields that are secret on this route alone (a project file's `content`): the operation
   * log stores `***` for them, as for the names of the one redaction list.
   */
  readonly secretInput?: readonly string[];
  /** `data` of the answer is a secret (an API key): the operation log stores `***` instead. */
  readonly secretOutput?: boolean;
  /**
   * A file the browser fetches by link, where no header can be sent: the session may come as
   * the query's `token` or `goploy_token` (WebSocket upgrades allow it too). Nowhere else, so a
   * route's own `token` parameter is never read as a credential.
   */
  readonly download?: boolean;
  /**
   * The request body is not JSON: a multipart form whose part `file` is the upload, or the raw
   * bytes of one chunk. `input` then reads the query string alone.
   */
  readonly body?: 'multipart' | 'bytes';
  /** The answer is `output` itself, not inside the envelope (the OpenAPI document). */
  readonly bare?: boolean;
}

export type RouteInput<R extends RouteDescriptor> = z.input<R['input']>;
export type RouteParsed<R extends RouteDescriptor> = z.output<R['input']>;
export type RouteOutput<R extends RouteDescriptor> = z.input<R['output']>;

/** Declares a route; the identity function keeps the literal types. */
export function route<I extends z.ZodType, O extends z.ZodType>(
  d: RouteDescriptor<I, O>,
): RouteDescriptor<I, O> {
  return d;
}

/** Shorthand for `{ anyOf: ids }`. */
export function anyOf(...ids: number[]): Access {
  return { anyOf: ids };
}
