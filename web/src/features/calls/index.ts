/**
 * One-to-one calls: the call layer the shell mounts and the hook that starts a call.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { CallLayerLoader } from './components/call-layer-loader';
export { useStartCall } from './hooks/use-start-call';
/** Whether a call is on screen (ringing or in progress): voice waits for it to end. */
export { getCallRequest } from './lib/call-store';
