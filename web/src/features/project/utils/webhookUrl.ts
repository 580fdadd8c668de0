/**
 * The address a git host calls on every push to deploy the project (when auto deploy is on).
 * `origin` is the console's own, as the browser reached it.
 */
export function webhookUrl(origin: string, projectId: number): string {
  return `${origin}/deploy/webhook?project_id=${projectId}`;
}
