// Minimal typing for the parts of better-sqlite3 the schema checks use (@types/better-sqlite3 is not
// a dependency; the app reaches better-sqlite3 only through Prisma's adapter).
declare module "better-sqlite3" {
  interface Statement {
    all(...params: unknown[]): unknown[];
  }
  class Database {
    constructor(filename: string, options?: { readonly?: boolean });
    exec(sql: string): this;
    prepare(sql: string): Statement;
    close(): void;
  }
  export default Database;
}
