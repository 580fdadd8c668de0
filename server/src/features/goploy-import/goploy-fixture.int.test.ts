import bcrypt from 'bcryptjs';
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbInstalled, type TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import {
  createGoployDatabase,
  GOPLOY_TABLES,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';

/** The harness of the goploy import tests: a real MariaDB server and a seeded goploy 1.17 database. */
describe('goploy fixture', () => {
  let server: TestMariadb | undefined;
  let fixture: GoployFixture;
  let conn: Connection | undefined;

  beforeAll(async () => {
    if (!mariadbInstalled()) {
      throw new Error('MariaDB is missing: `npm test` installs mariadb-server and mariadb-client');
    }
    server = await sharedMariadb();
    const url = await createGoployDatabase(server.url, uniqueDatabaseName('goploy'));
    fixture = await seedGoploy(url, {
      sshd: { ip: '127.0.0.1', port: 2222, owner: 'deploy', password: 'Deploy#pw1' },
      gitUrl: 'http://127.0.0.1:9/web.git',
      customWebhookUrl: 'http://127.0.0.1:9/hook',
    });
    conn = await mysql.createConnection({ uri: url });
  }, 90_000);

  afterAll(async () => {
    await conn?.end();
  });

  it('has goploy 1.17 tables, each with the rows the fixture describes', async () => {
    const [tables] = await conn!.query<RowDataPacket[]>('show tables');
    const names = tables.map((t) => String(Object.values(t)[0]));
    expect(names.sort()).toEqual([...GOPLOY_TABLES].sort());
    for (const table of GOPLOY_TABLES) {
      const [[row]] = await conn!.query<RowDataPacket[]>(`select count(*) as n from \`${table}\``);
      expect({ table, n: Number(row!.n) }).toEqual({ table, n: fixture.counts[table] });
      expect(fixture.counts[table], table).toBeGreaterThan(0);
    }
  });

  it("stores Go-style bcrypt hashes of the users' known passwords", async () => {
    for (const user of Object.values(fixture.users)) {
      const [[row]] = await conn!.query<RowDataPacket[]>(
        'select password, password_update_time from user where id = ?',
        [user.id],
      );
      expect(row!.password).toMatch(/^\$2a\$10\$/);
      expect(await bcrypt.compare(user.password, row!.password as string)).toBe(true);
      expect(await bcrypt.compare(`${user.password}x`, row!.password as string)).toBe(false);
      expect(row!.password_update_time === null).toBe(user.mustChangePassword);
    }
  });

  it('holds the deployment history of web, the way goploy writes it', async () => {
    const [[project]] = await conn!.query<RowDataPacket[]>(
      'select last_publish_token, deploy_state, script from project where id = ?',
      [fixture.projects.web.id],
    );
    expect(project).toMatchObject({
      last_publish_token: fixture.deploys.success.token,
      deploy_state: 2,
    });
    // mysql2 hands JSON columns over parsed (MariaDB marks them as json in its column metadata).
    expect(project!.script.customVariables).toEqual([
      { name: 'ENV', value: 'prod', type: 'string' },
    ]);
    const [traces] = await conn!.query<RowDataPacket[]>(
      'select token, type, state, ext from publish_trace order by id',
    );
    const of = (token: string) =>
      traces.filter((t) => t.token === token).map((t) => [Number(t.type), Number(t.state)]);
    expect(of(fixture.deploys.success.token)).toEqual([
      [0, 1],
      [2, 1],
      [3, 1],
      [5, 1],
      [6, 1],
      [8, 1],
    ]);
    expect(of(fixture.deploys.failed.token)).toEqual([
      [0, 1],
      [2, 0],
    ]);
    const pull = traces.find((t) => t.token === fixture.deploys.success.token && t.type === 2)!;
    expect(JSON.parse(pull.ext as string)).toMatchObject({
      branch: 'origin/main',
      commit: fixture.deploys.success.commit,
    });
    const [[version]] = await conn!.query<RowDataPacket[]>(
      "select value from system_config where `key` = 'version'",
    );
    expect(version!.value).toBe(fixture.version);
  });
});
