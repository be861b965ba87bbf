// A throwaway MariaDB server (Debian's mariadb-server, see .ci/run) in a temp folder on a free
// loopback port, started the way the PostgreSQL and Redis helpers start theirs: mariadb-install-db
// then mariadbd, as root (--user=root), with a user that logs in by password over TCP.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { freePort } from "./free-port";

export type TestMariadb = {
  /** mysql://newapi:secret@127.0.0.1:<port>/ (add a database name). */
  url: (database: string, password?: string) => string;
  port: number;
  /** A connection as that user to `database` (created when missing). */
  connect: (database: string) => Promise<mysql.Connection>;
  stop: () => Promise<void>;
};

function binary(name: string): string | null {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/bin"])
    if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  const which = spawnSync("which", [name], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

export async function startMariadb(): Promise<TestMariadb> {
  const server = binary("mariadbd");
  const install = binary("mariadb-install-db");
  if (!server || !install) throw new Error("MariaDB is not installed (apt-get install -y mariadb-server)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-mariadb-"));
  const datadir = path.join(dir, "data");
  const init = spawnSync(
    install,
    [
      "--no-defaults",
      `--datadir=${datadir}`,
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
      "--user=root",
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const socket = path.join(dir, "mysqld.sock");
  const child: ChildProcess = spawn(
    server,
    [
      "--no-defaults",
      `--datadir=${datadir}`,
      `--socket=${socket}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      "--user=root",
      "--skip-log-bin",
      "--innodb-buffer-pool-size=32M",
      `--pid-file=${path.join(dir, "mysqld.pid")}`,
    ],
    { stdio: "ignore" },
  );
  let root: mysql.Connection | null = null;
  for (let i = 0; i < 300 && !root; i++) {
    if (child.exitCode !== null) throw new Error("mariadbd exited at start");
    root = await mysql.createConnection({ socketPath: socket, user: "root" }).catch(() => null);
    if (!root) await new Promise((r) => setTimeout(r, 100));
  }
  if (!root) throw new Error("mariadbd did not accept connections");
  await root.query("CREATE USER 'newapi'@'%' IDENTIFIED BY 'secret'");
  await root.query("GRANT ALL ON *.* TO 'newapi'@'%'");
  await root.end();
  const url = (database: string, password = "secret") => `mysql://newapi:${password}@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    connect: async (database) => {
      const c = await mysql.createConnection({ host: "127.0.0.1", port, user: "newapi", password: "secret" });
      await c.query(`CREATE DATABASE IF NOT EXISTS \`${database}\``);
      await c.changeUser({ database });
      return c;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
