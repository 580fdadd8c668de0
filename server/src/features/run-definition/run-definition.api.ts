import type { ProcessItem, projectProcessRoutes } from '@ferry/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../core/http/context.js';

export { processItemsText } from './run-definition-columns.js';

/** A project process as its list shows it. */
export type ProjectProcess = z.output<typeof projectProcessRoutes.projectProcessRow>;

/** What the features that run commands on servers may ask of the saved definitions. */
export interface RunDefinitionApi {
  /** A server process group of the caller's namespace with its buttons; else code 1. */
  serverProcess(
    ctx: RequestContext,
    id: number,
  ): Promise<{ id: number; name: string; items: ProcessItem[] }>;
  /** A process of a project the caller may deploy, in their namespace; else code 1. */
  projectProcess(ctx: RequestContext, id: number): Promise<ProjectProcess>;
}
