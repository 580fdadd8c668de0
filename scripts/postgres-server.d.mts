/** A private PostgreSQL server of a test run (`postgres-server.mjs`). */
export interface TestPostgres {
  /** The superuser's URL, `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  /** Ends the server and removes its dir. */
  stop(): Promise<void>;
}

export function postgresBinDir(): string | undefined;
export function startPostgres(): Promise<TestPostgres>;
