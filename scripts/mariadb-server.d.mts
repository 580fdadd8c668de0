/** A private MariaDB server of a test (`mariadb-server.mjs`). */
export interface TestMariadb {
  /** A TCP user with every privilege: `mysql://ferry_test:PASSWORD@127.0.0.1:PORT/`. */
  url: string;
  port: number;
  user: string;
  password: string;
  /** Ends the server and removes its dir. */
  stop(): Promise<void>;
}

export function mariadbInstalled(): boolean;
export function startMariadb(): Promise<TestMariadb>;
