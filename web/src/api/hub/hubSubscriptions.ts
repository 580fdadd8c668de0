/** What the bridge needs of the hub connection. */
export interface TokenSubscriber {
  subscribe(token: string): void;
  unsubscribe(token: string): void;
}

const watchers = new Map<string, number>();
let hub: TokenSubscriber | undefined;

/**
 * Asks the hub for the frames of `token` (a deploy's log lines) until the returned function is
 * called. Several watchers of one token share one subscription; a watch started before the layout
 * opened the hub is sent once it does.
 */
export function watchHubToken(token: string): () => void {
  const count = watchers.get(token) ?? 0;
  watchers.set(token, count + 1);
  if (count === 0) hub?.subscribe(token);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (watchers.get(token) ?? 1) - 1;
    if (left > 0) {
      watchers.set(token, left);
      return;
    }
    watchers.delete(token);
    hub?.unsubscribe(token);
  };
}

/** Hands the layout's hub connection the tokens watched so far and later; returns the detach. */
export function attachHub(connection: TokenSubscriber): () => void {
  hub = connection;
  for (const token of watchers.keys()) connection.subscribe(token);
  return () => {
    if (hub === connection) hub = undefined;
  };
}
