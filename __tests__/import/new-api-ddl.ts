// gorm's AutoMigrate DDL for the fixture's tables (./new-api-schema.ts), per engine.
//
// Go kinds and gorm's mapping: int/int64 -> integer (SQLite) / bigint (MySQL); `type:int` -> int; bool
// -> numeric / boolean; float64 -> real / double; string -> text / longtext, but varchar(191) on MySQL
// when the column has an index, a unique constraint or a default (gorm's mysql dialect); explicit
// `type:` tags are kept as written; gorm.DeletedAt -> datetime / datetime(3).

type Kind = "pk" | "int" | "type:int" | "uint" | "bool" | "float" | "string" | "time" | `type:${string}`;
export type Opts = { unique?: boolean; index?: boolean; def?: string; notNull?: boolean };
export type Column = readonly [name: string, kind: Kind, opts?: Opts];
export type Table = { name: string; columns: readonly Column[]; primaryKey?: readonly string[] };
export type Engine = "sqlite" | "mysql" | "postgres";

function columnType(engine: Engine, [, kind, opts = {}]: Column, primary: boolean): string {
  if (kind.startsWith("type:")) {
    const t = kind.slice(5);
    if (engine === "mysql" && t === "json") return "JSON";
    return engine === "postgres" && t === "blob" ? "bytea" : t;
  }
  // gorm's postgres dialect: 64-bit ints are bigint, floats decimal, strings text, times timestamptz.
  const postgres = {
    int: "bigint",
    "type:int": "integer",
    uint: "bigint",
    bool: "boolean",
    float: "decimal",
    string: "text",
    time: "timestamptz",
  } as const;
  if (engine === "postgres") return postgres[kind as keyof typeof postgres];
  const sqlite = {
    pk: "integer",
    int: "integer",
    "type:int": "int",
    uint: "integer",
    bool: "numeric",
    float: "real",
    string: "text",
    time: "datetime",
  } as const;
  const mysql = {
    pk: "bigint",
    int: "bigint",
    "type:int": "int",
    uint: "bigint unsigned",
    bool: "boolean",
    float: "double",
    time: "datetime(3)",
  } as const;
  if (engine === "sqlite") return sqlite[kind as keyof typeof sqlite];
  if (kind === "string")
    return primary || opts.index || opts.unique || opts.def !== undefined ? "varchar(191)" : "longtext";
  return mysql[kind as keyof typeof mysql];
}

/** The CREATE TABLE and CREATE INDEX statements gorm's AutoMigrate issues for `table`. */
export function createStatements(engine: Engine, table: Table): string[] {
  const q = engine === "postgres" ? (n: string) => `"${n}"` : (n: string) => `\`${n}\``;
  const defs = table.columns.map((c) => {
    const [name, kind, opts = {}] = c;
    if (kind === "pk")
      return engine === "sqlite"
        ? `${q(name)} integer PRIMARY KEY AUTOINCREMENT`
        : engine === "mysql"
          ? `${q(name)} bigint AUTO_INCREMENT`
          : `${q(name)} bigserial`;
    let def = `${q(name)} ${columnType(engine, c, !!table.primaryKey?.includes(name))}`;
    if (opts.notNull) def += " NOT NULL";
    if (opts.def !== undefined) def += ` DEFAULT ${opts.def}`;
    if (opts.unique && engine === "sqlite") def += " UNIQUE";
    return def;
  });
  const pk = table.primaryKey ?? (engine !== "sqlite" && table.columns.some((c) => c[1] === "pk") ? ["id"] : []);
  if (pk.length) defs.push(`PRIMARY KEY (${pk.map(q).join(",")})`);
  if (engine !== "sqlite")
    for (const [name, , opts] of table.columns)
      if (opts?.unique) defs.push(`CONSTRAINT ${q(`uni_${table.name}_${name}`)} UNIQUE (${q(name)})`);
  const statements = [`CREATE TABLE ${q(table.name)} (${defs.join(",")})`];
  for (const [name, , opts] of table.columns)
    if (opts?.index && !opts.unique)
      statements.push(`CREATE INDEX ${q(`idx_${table.name}_${name}`)} ON ${q(table.name)}(${q(name)})`);
  return statements;
}
