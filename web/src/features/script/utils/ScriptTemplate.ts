import type { scriptTemplateRoutes, RouteOutput } from '@ferry/contract/client';

/** A saved script as `/template/getOption` lists it. */
export type ScriptTemplate = RouteOutput<typeof scriptTemplateRoutes.getOption>['list'][number];

/** goploy's template type of the Script page. */
export const SCRIPT_TEMPLATE_TYPE = 1;
