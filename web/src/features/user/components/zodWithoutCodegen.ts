import { config } from 'zod';

// Scalar validates with zod, which probes whether it may compile code (`Function('')`) the first
// time it parses: the page's policy forbids that and reports the probe. Told not to, zod never
// tries. Loaded before Scalar's modules (ApiReferencePage), as they parse when they load.
config({ jitless: true });
