/** The parts of an OpenAPI document the reference page changes. */
export interface OpenApiDocument {
  openapi: string;
  components?: { parameters?: Record<string, { name?: string; example?: unknown }> };
  [key: string]: unknown;
}

/**
 * The document with the namespace header (`G-N-ID`) filled in with the namespace the member works
 * in, so "try it" sends it without typing. The document itself is not changed.
 */
export function withNamespaceExample(doc: OpenApiDocument, namespaceId: number): OpenApiDocument {
  const parameters = doc.components?.parameters ?? {};
  const filled = Object.fromEntries(
    Object.entries(parameters).map(([key, p]) => [
      key,
      p.name === 'G-N-ID' ? { ...p, example: namespaceId } : p,
    ]),
  );
  return { ...doc, components: { ...doc.components, parameters: filled } };
}
