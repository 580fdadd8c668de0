import { openapiRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/ApiError';
import { fetchLinked } from '../../../api/fetchLinked';
import type { OpenApiDocument } from '../utils/openApiDocument';

/**
 * The console's OpenAPI document (`GET /openapi.json`), which answers the document itself rather
 * than an envelope; a refusal still comes as one.
 */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['user', 'openapi'],
    queryFn: ({ signal }) =>
      fetchLinked(
        openapiRoutes.document.path,
        signal,
        (res) => res.json() as Promise<unknown>,
        (body) => {
          const b = body as { openapi?: unknown; code?: unknown; message?: unknown };
          if (typeof b.openapi === 'string') return body as OpenApiDocument;
          throw new ApiError(
            typeof b.code === 'number' ? 'envelope' : 'network',
            typeof b.code === 'number' ? b.code : -1,
            typeof b.message === 'string' ? b.message : '',
          );
        },
      ),
    staleTime: Infinity,
  });
}
