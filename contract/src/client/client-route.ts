import type { z } from 'zod';
import type { Access, HttpMethod, RouteDescriptor } from '../route.js';

declare const routeTypes: unique symbol;

/** A route as the browser holds it; its descriptor type rides along for the request types. */
export interface ClientRoute<R extends RouteDescriptor = RouteDescriptor> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly [routeTypes]?: R;
}

type DescriptorOf<C> = C extends ClientRoute<infer R> ? R : never;

export type RouteInput<C extends ClientRoute> = z.input<DescriptorOf<C>['input']>;
export type RouteOutput<C extends ClientRoute> = z.input<DescriptorOf<C>['output']>;

/** A routes file's descriptors as the browser holds them. */
export type ClientRoutes<M> = {
  readonly [K in keyof M as M[K] extends RouteDescriptor ? K : never]: M[K] extends RouteDescriptor
    ? ClientRoute<M[K]>
    : never;
};
